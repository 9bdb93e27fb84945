"""State checks that the test files' tasks name by ``check: arena_checks:<function>``."""


def settings_in_front(device, answer):
    return device.current_activity()[0] == "com.android.settings"
