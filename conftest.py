"""Repository-level pytest configuration.

Task suites live in ``suites/`` (task modules ``tasks_*.py``, collected by the
plugin); the plugin's own tests live in ``tests/``. ``pytester`` is enabled for
the plugin tests.
"""

pytest_plugins = ["pytester"]
