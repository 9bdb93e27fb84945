"""What an app's screens are coloured with: its theme's colour roles, light and dark, with where they come from.

A contract module ``android/<app>.py`` may declare ``THEME``, an :class:`AppTheme` read from the real app's
resources at the version it follows (``res/values/colors.xml``, ``themes.xml``), each scheme cited by a
:class:`~pytest_mobileagent.android.evidence.Source`. Apps without one (Google's and AOSP's on the Pixel image)
draw with :data:`BASELINE`, Material 3's baseline scheme. :func:`theme_for` finds a package's theme.

Builders for what the apps' resources say: :func:`appcompat` (an AppCompat/Material 2 app's colours),
:func:`dynamic` (a Material 3 app with dynamic colour), :func:`simple_commons` (Simple Mobile Tools' system theme,
their Android 12+ default), the latter two over :data:`SYSTEM_PALETTE`, the framework's own system colours. An app
that ignores night mode (no night resources, or its own light setting) declares ``follows_night=False`` and one
scheme. A module may declare ``LAUNCHER_ICON`` (:class:`LauncherIcon`) too, which the home screen draws.

The roles follow Material 3's names, with the two an AppCompat (Material 2) app sets on its own: ``app_bar``
(``colorPrimary``, the toolbar's background) and ``accent`` (``colorAccent``/``colorSecondary``: FABs, switches,
check boxes, the caret). A Material 3 app's app bar is its surface and its accent its primary.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import dataclass, replace

from pytest_mobileagent.android.evidence import Source, Unconfirmed

Color = tuple[int, int, int]


def rgb(hex_color: str, over: Color = (255, 255, 255)) -> Color:
    """``"#RRGGBB"`` as a tuple; ``"#AARRGGBB"`` (as Android writes a translucent colour) blended over ``over``."""
    value = hex_color.lstrip("#")
    if len(value) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in value):
        raise ValueError(f"not a colour: {hex_color!r}")
    alpha = int(value[:2], 16) / 255 if len(value) == 8 else 1.0
    r, g, b = (int(value[i:i + 2], 16) for i in range(len(value) - 6, len(value), 2))
    return tuple(round(c * alpha + o * (1 - alpha)) for c, o in zip((r, g, b), over))  # type: ignore[return-value]


@dataclass(frozen=True)
class Scheme:
    """One scheme's colour roles as ``"#RRGGBB"`` strings (read them as tuples with :meth:`color`)."""

    primary: str  # text buttons, selected tabs, links, progress
    on_primary: str  # text and icons on primary
    app_bar: str  # the toolbar's background (colorPrimary; M3: surface)
    on_app_bar: str  # the toolbar's title and icons
    status_bar: str  # the status bar's background (colorPrimaryDark; M3: surface)
    background: str  # the window's background
    surface: str  # dialogs, menus, sheets
    surface_variant: str  # cards, chips, incoming bubbles, filled fields, the search bar (surfaceContainerHigh)
    on_surface: str  # primary text
    on_surface_variant: str  # secondary text, icons on the surface
    outline: str  # outlined fields, dividers, unchecked boxes
    accent: str  # FABs, switches, check boxes, the caret (colorAccent; M3: primary)
    on_accent: str  # text and icons on the accent
    accent_container: str = ""  # M3's primaryContainer: a FAB's fill, a selected chip, an outgoing bubble
    on_accent_container: str = ""
    dark: bool = False

    def color(self, role: str) -> Color:
        """A role as an ``(r, g, b)`` tuple; the container roles fall back to the accent's."""
        value = getattr(self, role)
        if not value and role in ("accent_container", "on_accent_container"):
            value = getattr(self, role.replace("_container", ""))
        return rgb(value, rgb(self.background) if role != "background" else (0, 0, 0))


@dataclass(frozen=True)
class AppTheme:
    """An app's light and dark schemes, and where they were read."""

    light: Scheme
    dark: Scheme
    source: Source | Unconfirmed
    #: Material 3 components (Google's apps, AOSP's); False: Material 2's (AppCompat, MaterialComponents themes).
    material3: bool = True
    #: False for an app without night resources or a setting following the system's: ``cmd uimode night yes``
    #: leaves it as it is, so its dark scheme is its light one.
    follows_night: bool = True

    def __post_init__(self) -> None:
        if self.follows_night == (self.light == self.dark):
            raise ValueError("a theme following night mode has two schemes; one that does not, one")

    def scheme(self, night: bool) -> Scheme:
        return self.dark if night else self.light


_M3 = Source("material-components/material-components-android",
             "lib/java/com/google/android/material/color/res/values/tokens.xml",
             note="Material 3's baseline scheme, m3_sys_color_{light,dark}_* over the m3_ref_palette_* tones, as "
                  "of Android 13 (surface neutral99 #FFFBFE; surface_variant here is surfaceContainerHigh, "
                  "neutral92), the theme of Google's and AOSP's apps with dynamic colour off")

#: Material 3's baseline scheme: the theme of the Pixel image's own apps (AndroidArena's dark-mode screenshots of
#: Google Clock and Settings, trajectory/GPT4-Add_a_new_city_Beijing_to_World_Clock_in_Google_Clock.html and
#: ...Change_the_default_web_browser...html, measure their background #1D1B1E, the baseline's #1C1B1F within one).
BASELINE = AppTheme(
    light=Scheme(primary="#6750A4", on_primary="#FFFFFF", app_bar="#FFFBFE", on_app_bar="#1C1B1F",
                 status_bar="#FFFBFE", background="#FFFBFE", surface="#FFFBFE", surface_variant="#ECE6F0",
                 on_surface="#1C1B1F", on_surface_variant="#49454F", outline="#79747E", accent="#6750A4",
                 on_accent="#FFFFFF", accent_container="#EADDFF", on_accent_container="#21005D"),
    dark=Scheme(primary="#D0BCFF", on_primary="#381E72", app_bar="#1C1B1F", on_app_bar="#E6E1E5",
                status_bar="#1C1B1F", background="#1C1B1F", surface="#1C1B1F", surface_variant="#2B2930",
                on_surface="#E6E1E5", on_surface_variant="#CAC4D0", outline="#938F99", accent="#D0BCFF",
                on_accent="#381E72", accent_container="#4F378B", on_accent_container="#EADDFF", dark=True),
    source=_M3,
)


def appcompat(primary: str, primary_dark: str, accent: str, *, on_primary: str = "#FFFFFF",
              on_accent: str = "#FFFFFF", background: str = "#FFFFFF", dark_background: str = "#121212",
              dark_primary: str = "", dark_on_primary: str = "#FFFFFF", dark_accent: str = "",
              dark_on_accent: str = "", text: str = "#DE000000", secondary_text: str = "#8A000000",
              dark_text: str = "#FFFFFF", follows_night: bool = True, source: Source | Unconfirmed) -> AppTheme:
    """The theme of an AppCompat/Material 2 app from its three colours (``colorPrimary``, ``colorPrimaryDark``,
    ``colorAccent``) and its window background: its dark scheme keeps the accent (or takes ``dark_accent``, a
    ``values-night`` one) on Material's dark surfaces (``#121212``, the app bar ``dark_primary`` or ``#1F1F1F``).
    An app whose app bar is its surface passes that as ``primary`` (``on_primary`` its title's colour); one that
    ignores night mode passes ``follows_night=False``."""
    light = Scheme(primary=accent, on_primary=on_accent, app_bar=primary, on_app_bar=on_primary,
                   status_bar=primary_dark, background=background, surface="#FFFFFF", surface_variant="#F1F1F1",
                   on_surface=text, on_surface_variant=secondary_text, outline="#9E9E9E", accent=accent,
                   on_accent=on_accent)
    if not follows_night:
        return AppTheme(light, light, source, material3=False, follows_night=False)
    dark_bar = dark_primary or "#1F1F1F"
    night_accent, night_on_accent = dark_accent or accent, dark_on_accent or on_accent
    dark = replace(light, primary=night_accent, on_primary=night_on_accent, app_bar=dark_bar,
                   on_app_bar=dark_on_primary, status_bar=dark_bar, background=dark_background, surface="#2C2C2C",
                   surface_variant="#2C2C2C", on_surface=dark_text, on_surface_variant="#B3FFFFFF",
                   outline="#757575", accent=night_accent, on_accent=night_on_accent, dark=True)
    return AppTheme(light, dark, source, material3=False)


_FRAMEWORK_COLORS = "core/res/res/values/colors.xml"
#: The system palette's tones Android 12+ apps read as ``@android:color/system_<palette>_<tone>``, as the
#: framework ships them (``platform_frameworks_base``'s ``core/res/res/values/colors.xml``, teal); SystemUI may
#: overlay them from the wallpaper, which the simulator, like :data:`BASELINE`'s "dynamic colour off", does not.
SYSTEM_PALETTE = {
    "accent1_0": "#FFFFFF", "accent1_10": "#F1FFFC", "accent1_50": "#9CFFF2", "accent1_100": "#8DF5E3",
    "accent1_200": "#71D8C7", "accent1_400": "#34A192", "accent1_600": "#006C5F", "accent1_700": "#005747",
    "accent1_800": "#003E31", "accent1_900": "#002214", "accent2_50": "#CDFAF1", "accent2_800": "#0C3731",
    "neutral1_10": "#FBFBFB", "neutral1_50": "#F0F0F0", "neutral1_100": "#E2E2E2", "neutral1_800": "#303030",
    "neutral1_900": "#1B1B1B", "neutral2_100": "#E2E2E2", "neutral2_200": "#C6C6C6", "neutral2_400": "#909090",
    "neutral2_500": "#757575", "neutral2_700": "#464646",
}
SYSTEM_PALETTE_SOURCE = Source("aosp-mirror/platform_frameworks_base", _FRAMEWORK_COLORS,
                               note="system_accent1_*/accent2_*/neutral1_*/neutral2_* defaults")


def dynamic(source: Source | Unconfirmed) -> AppTheme:
    """A Material 3 app with dynamic colour on (``DynamicColors``): Material's dynamic scheme
    (``m3_sys_color_dynamic_*``, ``values-v31/tokens.xml``: primary tone 40 light, 80 dark, ...) over
    :data:`SYSTEM_PALETTE`."""
    p = SYSTEM_PALETTE
    light = Scheme(primary=p["accent1_600"], on_primary=p["accent1_0"], app_bar=p["neutral1_10"],
                   on_app_bar=p["neutral1_900"], status_bar=p["neutral1_10"], background=p["neutral1_10"],
                   surface=p["neutral1_10"], surface_variant=p["neutral2_100"], on_surface=p["neutral1_900"],
                   on_surface_variant=p["neutral2_700"], outline=p["neutral2_500"], accent=p["accent1_600"],
                   on_accent=p["accent1_0"], accent_container=p["accent1_100"], on_accent_container=p["accent1_900"])
    dark = Scheme(primary=p["accent1_200"], on_primary=p["accent1_800"], app_bar=p["neutral1_900"],
                  on_app_bar=p["neutral1_100"], status_bar=p["neutral1_900"], background=p["neutral1_900"],
                  surface=p["neutral1_900"], surface_variant=p["neutral2_700"], on_surface=p["neutral1_100"],
                  on_surface_variant=p["neutral2_200"], outline=p["neutral2_400"], accent=p["accent1_200"],
                  on_accent=p["accent1_800"], accent_container=p["accent1_700"], on_accent_container=p["accent1_100"],
                  dark=True)
    return AppTheme(light, dark, source)


def simple_commons(source: Source | Unconfirmed) -> AppTheme:
    """A Simple Mobile Tools app on Android 12+: Simple-Commons' default there is its system theme
    (``BaseConfig.isUsingSystemTheme``, default ``isSPlus()``), whose colours are ``values-v31``'s and
    ``values-night-v31``'s ``you_*`` over :data:`SYSTEM_PALETTE`: the top bar takes the background colour
    (``updateMaterialActivityViews``) with its contrast colour (``getContrastColor``: #333333 or white) on it,
    the primary is ``system_accent1_400``, text ``system_accent1_900``/``_10``."""
    p = SYSTEM_PALETTE

    def scheme(background: str, text: str, on_bar: str, dialog: str, bottom_bar: str, dark: bool) -> Scheme:
        return Scheme(primary=p["accent1_400"], on_primary="#FFFFFF", app_bar=background, on_app_bar=on_bar,
                      status_bar=background, background=background, surface=dialog, surface_variant=bottom_bar,
                      on_surface=text, on_surface_variant=f"#99{text[1:]}", outline="#55808080",
                      accent=p["accent1_400"], on_accent="#FFFFFF", dark=dark)

    light = scheme(p["neutral1_10"], p["accent1_900"], "#333333", p["accent2_50"], p["neutral1_50"], False)
    dark = scheme(p["neutral1_900"], p["accent1_10"], "#FFFFFF", p["accent2_800"], p["neutral1_800"], True)
    return AppTheme(light, dark, source, material3=False)


@dataclass(frozen=True)
class LauncherIcon:
    """An app's launcher icon as the home screen draws it: its adaptive icon's background colour and the Material
    Symbols pictogram nearest its foreground artwork (``res/mipmap-anydpi-v26/ic_launcher.xml`` and the
    drawables it names), cited. A contract module declares it as ``LAUNCHER_ICON``."""

    background: str
    symbol: str
    source: Source | Unconfirmed
    foreground: str = "#FFFFFF"


def arena_drawer(note: str) -> Source:
    """AndroidArena's phone's app drawer as its recorded trajectory shows it (December 2023, dark mode, the
    second screenshot of the Google Clock task): the launcher icons of the Google apps its suites use."""
    return Source("AndroidArenaAgent/AndroidArena",
                  "trajectory/GPT4-Add_a_new_city_Beijing_to_World_Clock_in_Google_Clock.html",
                  note=f"app drawer screenshot (step 2): {note}")


@functools.cache
def _launcher_icons() -> dict[str, LauncherIcon]:
    return _declared("LAUNCHER_ICON", LauncherIcon)  # type: ignore[return-value]


def launcher_icon_for(package: str) -> LauncherIcon | None:
    """The launcher icon ``package``'s contract module declares, or None."""
    return _launcher_icons().get(package)


def _declared(name: str, kind: type) -> dict[str, object]:
    import pytest_mobileagent.android as pkg

    found: dict[str, object] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        value, package = getattr(module, name, None), getattr(module, "PACKAGE", None)
        if isinstance(value, kind) and isinstance(package, str):
            found[package] = value
    return found


@functools.cache
def _themes() -> dict[str, AppTheme]:
    return _declared("THEME", AppTheme)  # type: ignore[return-value]


def theme_for(package: str) -> AppTheme:
    """The theme ``package``'s contract module declares, else :data:`BASELINE`."""
    return _themes().get(package, BASELINE)


def declared_themes() -> dict[str, AppTheme]:
    """Every package's declared theme (a copy)."""
    return dict(_themes())
