"""Evidence helpers for the open-source apps AndroidWorld installs: their own repositories at the tag of the APK's
versionCode, Simple Mobile Tools' shared ``Simple-Commons`` library at the commit each app pins, and AndroidX
AppCompat's own views (the action mode bar, which AppCompat's resources put in the app's own package)."""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, key

ANDROIDX = "androidx/androidx"
COMMONS = "SimpleMobileTools/Simple-Commons"
ANDROID_WORLD = "google-research/android_world"
#: AppCompat's action mode: ``abc_screen_toolbar.xml`` inflates the bar as ``action_mode_bar``; its close button
#: is ``abc_action_mode_close_item_material.xml``'s.
APPCOMPAT = {
    "action_mode_bar": Source(ANDROIDX, "appcompat/appcompat/src/main/res/layout/abc_screen_toolbar.xml",
                              note="ViewStub inflated as action_mode_bar (AppCompat's action mode)"),
    "action_mode_close_button": Source(ANDROIDX,
                                       "appcompat/appcompat/src/main/res/layout/abc_action_mode_close_item_material.xml",
                                       note="the action mode's close button"),
}


_ABC = "appcompat/appcompat/src/main/res"
#: AppCompat's own icons (``icon:<desc>`` keys): the Toolbar's up arrow, the overflow button and the action mode's
#: close button (``actionModeCloseDrawable``, the same arrow).
APPCOMPAT_ICONS = {
    "Navigate up": Source(ANDROIDX, f"{_ABC}/drawable/abc_ic_ab_back_material.xml", note="arrow_back"),
    "More options": Source(ANDROIDX, f"{_ABC}/drawable/abc_ic_menu_overflow_material.xml", note="more_vert"),
    "Collapse": Source(ANDROIDX, f"{_ABC}/values/styles_base.xml",
                       note="Toolbar's collapseIcon ?attr/homeAsUpIndicator (arrow_back), described "
                            "abc_toolbar_collapse_description"),
    "Done": Source(ANDROIDX, f"{_ABC}/layout/abc_action_mode_close_item_material.xml",
                   note="?attr/actionModeCloseDrawable: abc_ic_ab_back_material (arrow_back)"),
}


def appcompat_icons(*descs: str) -> dict[str, Source]:
    """``EVIDENCE`` entries of AppCompat's icons (``icon:<desc>``) from :data:`APPCOMPAT_ICONS`."""
    return {key("icon", d): APPCOMPAT_ICONS[d] for d in descs}


def appcompat(*names: str) -> dict[str, Source]:
    """``EVIDENCE`` entries of AppCompat's own ids (``id:<name>`` in the app's package)."""
    return {key("id", n): APPCOMPAT[n] for n in names}


def commons(commit: str, *paths_ids: tuple[str, tuple[str, ...]]) -> dict[str, Source]:
    """Entries of ids defined by Simple-Commons' layouts or menus at ``commit`` (the one the app's build pins):
    ``commons("b72ded2a75", ("commons/src/main/res/layout/menu_search.xml", ("top_toolbar_search",)))``."""
    return {key("id", i): Source(COMMONS, path, note=f"Simple-Commons {commit}, pinned by the app's build")
            for path, ids in paths_ids for i in ids}


def android_world(path: str, note: str) -> Source:
    """AndroidWorld's own code naming an app's activity, id or label."""
    return Source(ANDROID_WORLD, f"android_world/{path}", note=note)


__all__ = ["ANDROIDX", "ANDROID_WORLD", "APPCOMPAT", "APPCOMPAT_ICONS", "COMMONS", "android_world", "appcompat",
           "appcompat_icons", "commons"]
