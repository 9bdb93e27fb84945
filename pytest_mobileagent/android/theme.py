"""What an app's screens are coloured with: its theme's colour roles, light and dark, with where they come from.

A contract module ``android/<app>.py`` may declare ``THEME``, an :class:`AppTheme` read from the real app's
resources at the version it follows (``res/values/colors.xml``, ``themes.xml``), each scheme cited by a
:class:`~pytest_mobileagent.android.evidence.Source`. Apps without one (Google's and AOSP's on the Pixel image)
draw with :data:`BASELINE`, Material 3's baseline scheme. :func:`theme_for` finds a package's theme.

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

    def scheme(self, night: bool) -> Scheme:
        return self.dark if night else self.light


_M3 = Source("material-components/material-components-android",
             "lib/java/com/google/android/material/color/res/values/tokens.xml",
             note="Material 3's baseline scheme, m3_sys_color_{light,dark}_* over the m3_ref_palette_* tones, as "
                  "of Android 13 (surface neutral99 #FFFBFE; surface_variant here is surfaceContainerHigh, "
                  "neutral92), the theme of Google's and AOSP's apps with dynamic colour off")

#: Material 3's baseline scheme: the theme of the Pixel image's own apps.
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
              dark_primary: str = "", text: str = "#DE000000", secondary_text: str = "#8A000000",
              source: Source | Unconfirmed) -> AppTheme:
    """The theme of an AppCompat/Material 2 app from its three colours (``colorPrimary``, ``colorPrimaryDark``,
    ``colorAccent``) and its window background: its dark scheme keeps the accent on Material's dark surfaces
    (``#121212``, the app bar ``dark_primary`` or ``#1F1F1F``)."""
    light = Scheme(primary=accent, on_primary=on_accent, app_bar=primary, on_app_bar=on_primary,
                   status_bar=primary_dark, background=background, surface="#FFFFFF", surface_variant="#F1F1F1",
                   on_surface=text, on_surface_variant=secondary_text, outline="#9E9E9E", accent=accent,
                   on_accent=on_accent)
    dark_bar = dark_primary or "#1F1F1F"
    dark = replace(light, app_bar=dark_bar, on_app_bar="#FFFFFF", status_bar=dark_bar, background=dark_background,
                   surface="#2C2C2C", surface_variant="#2C2C2C", on_surface="#FFFFFF",
                   on_surface_variant="#B3FFFFFF", outline="#757575", dark=True)
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
