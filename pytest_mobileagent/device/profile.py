"""``DeviceProfile``: a device configuration as B-MoCA varies it (screen size, density, locale, dark mode,
wallpaper, home-screen icon layout).

A profile is what ``Device.apply_profile`` applies and what a device spec's query holds
(``sim:?size=720x1280&density=320&locale=fr-FR&dark_mode=on&wallpaper=09_rainbow&icon_layout=7``). Fields left
``None`` stay as the device has them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pytest_mobileagent.redaction import redact

#: The spec query options a profile reads, in the order they are applied and shown.
PROFILE_OPTIONS = ("size", "density", "locale", "dark_mode", "wallpaper", "icon_layout")
_LOCALE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")
_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_ON, _OFF = ("on", "yes", "true", "1"), ("off", "no", "false", "0")
#: The lowest density ``wm density`` accepts (WindowManagerShellCommand.runDisplayDensity).
MIN_DENSITY = 72


@dataclass(frozen=True)
class DeviceProfile:
    """Screen ``size`` (width, height in pixels), ``density`` (dpi), ``locale`` (a BCP 47 tag such as ``fr-FR``),
    ``dark_mode``, ``wallpaper`` (a wallpaper's name, such as B-MoCA's ``09_rainbow``; ``00_default`` is the
    system's) and ``icon_layout`` (the seed of the home screen's icon arrangement; 0 is the launcher's default
    arrangement); ``None`` leaves that attribute alone."""

    size: tuple[int, int] | None = None
    density: int | None = None
    locale: str | None = None
    dark_mode: bool | None = None
    wallpaper: str | None = None
    icon_layout: int | None = None

    def __post_init__(self) -> None:
        if self.size is not None and (len(self.size) != 2 or min(self.size) <= 0):
            raise ValueError(f"size must be two positive pixel counts, not {self.size!r}")
        if self.density is not None and self.density < MIN_DENSITY:
            raise ValueError(f"density must be at least {MIN_DENSITY} dpi (wm density refuses less), "
                             f"not {self.density}")
        if self.locale is not None and not _LOCALE.fullmatch(self.locale):
            raise ValueError(f"locale must be a language tag such as fr-FR, not {self.locale!r}")
        if self.wallpaper is not None and not _NAME.fullmatch(self.wallpaper):
            raise ValueError(f"wallpaper must be a plain name such as 09_rainbow, not {self.wallpaper!r}")
        if self.icon_layout is not None and self.icon_layout < 0:
            raise ValueError(f"icon_layout must be a seed >= 0, not {self.icon_layout}")

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> DeviceProfile:
        """The profile a spec's query options give (``size=720x1280``, ``density=320``, ``locale=fr-FR``,
        ``dark_mode=on``, ``wallpaper=09_rainbow``, ``icon_layout=7``); :class:`ValueError` names the option that
        is wrong. Other keys are ignored."""
        size = density = locale = dark = layout = None
        if "size" in options:
            m = re.fullmatch(r"(\d+)x(\d+)", options["size"])
            if not m:
                raise ValueError(f"size must be WIDTHxHEIGHT, not {options['size']!r}")
            size = (int(m.group(1)), int(m.group(2)))
        if "density" in options:
            if not options["density"].isdigit():
                raise ValueError(f"density must be a number, not {options['density']!r}")
            density = int(options["density"])
        if "locale" in options:
            locale = options["locale"].replace("_", "-")  # fr_FR as Java's Locale prints it is fr-FR
        if "dark_mode" in options:
            value = options["dark_mode"].lower()
            if value not in _ON + _OFF:
                raise ValueError(f"dark_mode must be on or off, not {options['dark_mode']!r}")
            dark = value in _ON
        if "icon_layout" in options:
            if not options["icon_layout"].isdigit():
                raise ValueError(f"icon_layout must be a number, not {options['icon_layout']!r}")
            layout = int(options["icon_layout"])
        return cls(size, density, locale, dark, options.get("wallpaper"), layout)

    @classmethod
    def of_spec(cls, options: Mapping[str, str], spec: str) -> DeviceProfile:
        """:meth:`from_options` of a device spec's query, its :class:`ValueError` naming the spec (redacted)."""
        try:
            return cls.from_options(options)
        except ValueError as e:
            raise ValueError(f"{e}, in {redact(spec)!r}") from None

    def options(self) -> dict[str, str]:
        """The set fields as spec query options (the inverse of :meth:`from_options`)."""
        out: dict[str, str] = {}
        if self.size is not None:
            out["size"] = f"{self.size[0]}x{self.size[1]}"
        if self.density is not None:
            out["density"] = str(self.density)
        if self.locale is not None:
            out["locale"] = self.locale
        if self.dark_mode is not None:
            out["dark_mode"] = "on" if self.dark_mode else "off"
        if self.wallpaper is not None:
            out["wallpaper"] = self.wallpaper
        if self.icon_layout is not None:
            out["icon_layout"] = str(self.icon_layout)
        return out

    def __bool__(self) -> bool:
        """Whether the profile changes anything."""
        return bool(self.options())

    def __str__(self) -> str:
        return "&".join(f"{k}={v}" for k, v in self.options().items()) or "(device as it is)"


__all__ = ["MIN_DENSITY", "PROFILE_OPTIONS", "DeviceProfile"]
