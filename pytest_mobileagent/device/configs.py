"""B-MoCA's device configurations: 35 training and 10 test environments, one drawn per episode.

An environment is a device type (screen size and three densities: the type's own, a smaller and a larger
icon size), a locale, a wallpaper, a density index into the three, and dark mode; environments with the same
attributes differ by the home screen's icon arrangement, seeded here by the environment's id. The built-in
set is the paper's Table 3 (B-MoCA, appendix A.2; with its text's "only Pixel 3 for the training
environments", which four of the table's rows contradict and the published ``environments_train.csv``
follows), with the device types of its ``device_property.json`` (``physical_setting`` = width, height,
density; ``icon_size`` = the three densities a ``dpi`` index picks). ``--ma-configs FILE`` reads a file in
the published CSV format (``idx,device_id,locale,wallpaper,dpi,darkmode``, an optional ``split`` column)
and a ``device_property.json`` beside it when there is one.
"""

from __future__ import annotations

import csv
import json
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from pytest_mobileagent.device.profile import DeviceProfile

#: The named sets ``--ma-configs`` accepts besides a file.
SETS = ("train", "test", "all")


@dataclass(frozen=True)
class DeviceType:
    """A device model B-MoCA emulates: screen ``size`` (width, height), its own ``density`` and the three
    densities a configuration's ``dpi`` index picks from."""

    id: str
    model: str
    size: tuple[int, int]
    density: int
    densities: tuple[int, int, int]


#: B-MoCA's ``device_property.json``: physical width, height and density, and the three icon-size densities.
DEVICE_TYPES: dict[str, DeviceType] = {t.id: t for t in (
    DeviceType("pixel_3", "Pixel 3", (1080, 2160), 440, (440, 330, 550)),
    DeviceType("pixel_4", "Pixel 4", (1080, 2280), 440, (440, 330, 550)),
    DeviceType("pixel_4_xl", "Pixel 4 XL", (1440, 3040), 560, (560, 460, 660)),
    DeviceType("pixel_5", "Pixel 5", (1080, 2340), 440, (440, 330, 550)),
    DeviceType("pixel_6", "Pixel 6", (1080, 2400), 420, (440, 330, 700)),
    DeviceType("WXGA_Tablet", "WXGA Tablet", (1200, 800), 440, (160, 130, 177)),
)}


@dataclass(frozen=True)
class DeviceConfig:
    """One environment: ``id`` (``"102"``), ``split`` (``train``/``test``), the device type, ``locale`` (BCP 47),
    ``wallpaper`` (a name such as ``09_rainbow``), ``dpi`` (index into the type's densities) and ``dark_mode``."""

    id: str
    split: str
    device: DeviceType
    locale: str
    wallpaper: str
    dpi: int
    dark_mode: bool

    @property
    def density(self) -> int:
        return self.device.densities[self.dpi]

    @property
    def icon_layout(self) -> int:
        """The seed of the home screen's icon arrangement: the environment's number (0, the default arrangement,
        for environment 000), or a stable hash of a non-numeric id."""
        return int(self.id) if self.id.isdigit() else zlib.crc32(self.id.encode()) % 10**6 + 1

    @property
    def profile(self) -> DeviceProfile:
        """What ``Device.apply_profile`` sets for this environment."""
        return DeviceProfile(self.device.size, self.density, self.locale, self.dark_mode, self.wallpaper,
                             self.icon_layout)

    def record(self) -> dict[str, str]:
        """The episode record's ``device_config``: the environment and every attribute it set."""
        return {"config": self.id, "split": self.split, "model": self.device.model,
                "size": "{}x{}".format(*self.device.size), "density": str(self.density), "locale": self.locale,
                "dark_mode": "on" if self.dark_mode else "off", "wallpaper": self.wallpaper,
                "icon_layout": str(self.icon_layout)}


def _rows(split: str, first: int, rows: str) -> list[tuple[str, str, str, str, str, str, str]]:
    """``device locale wallpaper dpi dark`` lines, numbered from ``first``."""
    out = []
    for n, line in enumerate(filter(None, (raw.split() for raw in rows.splitlines()))):
        device, locale, wallpaper, dpi, dark = line
        out.append((f"{first + n:03d}", split, device, locale, wallpaper, dpi, dark))
    return out


#: The paper's Table 3 (see the module docstring), one environment per line.
BUILTIN = [*_rows("train", 0, """
    pixel_3 en-US 00_default 1 n
    pixel_3 en-US 00_default 1 n
    pixel_3 en-US 00_default 0 n
    pixel_3 en-US 00_default 0 n
    pixel_3 en-US 00_default 2 n
    pixel_3 en-US 00_default 0 n
    pixel_3 en-US 00_default 0 n
    pixel_3 en-US 01_red 1 y
    pixel_3 en-US 02_blue 0 y
    pixel_3 en-US 01_red 2 n
    pixel_3 en-US 02_blue 1 n
    pixel_3 en-US 08_colors 0 y
    pixel_3 en-US 03_paper 2 y
    pixel_3 en-US 10_galaxy 0 n
    pixel_3 en-US 13_canyon 0 y
    pixel_3 en-US 08_colors 1 n
    pixel_3 en-US 07_food 0 n
    pixel_3 en-US 04_sky 0 y
    pixel_3 en-US 10_galaxy 2 y
    pixel_3 en-US 13_canyon 1 n
    pixel_3 en-US 04_sky 0 n
    pixel_3 es-US 01_red 1 y
    pixel_3 es-US 02_blue 0 y
    pixel_3 fr-CA 01_red 2 n
    pixel_3 fr-CA 02_blue 1 n
    pixel_3 zh-hans-CN 08_colors 0 y
    pixel_3 zh-hans-CN 03_paper 2 y
    pixel_3 hi-IN 10_galaxy 0 n
    pixel_3 ja-JP 13_canyon 0 y
    pixel_3 ru-MD 08_colors 1 n
    pixel_3 ar-AE 07_food 0 n
    pixel_3 de-DE 04_sky 0 y
    pixel_3 ak-GH 10_galaxy 2 y
    pixel_3 pt-BR 13_canyon 1 n
    pixel_3 pt-PT 04_sky 0 n
"""), *_rows("test", 100, """
    pixel_3 en-US 00_default 0 n
    pixel_3 en-US 00_default 1 n
    pixel_3 en-US 09_rainbow 0 y
    pixel_3 en-US 12_ocean 2 n
    pixel_3 fr-CA 09_rainbow 0 y
    pixel_3 ko-KR 12_ocean 2 n
    pixel_4 en-US 09_rainbow 0 y
    pixel_5 en-US 12_ocean 0 n
    pixel_6 ur-PK 05_doughnut 2 y
    WXGA_Tablet ar-EG 11_pyramid 0 n
""")]


class ConfigError(ValueError):
    """A configuration set that cannot be used; the message says what is wrong and where."""


def _make(idx: str, split: str, device: str, locale: str, wallpaper: str, dpi: str, dark: str,
          types: Mapping[str, DeviceType], where: str) -> DeviceConfig:
    if device not in types:
        raise ConfigError(f"{where}: unknown device_id {device!r} (known: {', '.join(sorted(types))})")
    if dpi.strip() not in ("0", "1", "2"):
        raise ConfigError(f"{where}: dpi must be 0, 1 or 2 (an index into the device's three densities), "
                          f"not {dpi!r}")
    flag = dark.strip().lower()
    if flag not in ("true", "false", "y", "n", "1", "0"):
        raise ConfigError(f"{where}: darkmode must be True or False, not {dark!r}")
    try:
        config = DeviceConfig(idx.strip(), split, types[device], locale.strip().replace("_", "-"), wallpaper.strip(),
                              int(dpi), flag in ("true", "y", "1"))
        config.profile  # noqa: B018 - validates locale and wallpaper
    except ValueError as e:
        raise ConfigError(f"{where}: {e}") from None
    return config


def builtin(name: str) -> tuple[DeviceConfig, ...]:
    """A named set: ``train`` (35), ``test`` (10) or ``all`` (45)."""
    if name not in SETS:
        raise ConfigError(f"unknown configuration set {name!r}: expected {', '.join(SETS)} or a CSV file")
    return tuple(_make(*row, types=DEVICE_TYPES, where=f"environment {row[0]}") for row in BUILTIN
                 if name == "all" or row[1] == name)


def read_device_types(path: Path) -> dict[str, DeviceType]:
    """The device types of a B-MoCA ``device_property.json``."""
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        out = {}
        for entry in body["device_info"]:
            width, height, density = (int(v) for v in entry["physical_setting"])
            densities = tuple(int(v) for v in entry["icon_size"])
            if len(densities) != 3:
                raise ValueError(f"{entry['device_id']}: icon_size must hold three densities")
            name = str(entry["device_id"])
            model = DEVICE_TYPES[name].model if name in DEVICE_TYPES else name.replace("_", " ")
            out[name] = DeviceType(name, model, (width, height), density, densities)  # type: ignore[arg-type]
        return out
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ConfigError(f"{path}: not a device_property.json ({type(e).__name__}: {e})") from None


def read_file(path: Path) -> tuple[DeviceConfig, ...]:
    """The configurations of a CSV in B-MoCA's ``environments_*.csv`` format. The split is the ``split`` column,
    else the file name's (``environments_test.csv``: test), else the file's stem. Device types come from a
    ``device_property.json`` beside the file, else the built-in ones."""
    beside = path.parent / "device_property.json"
    types = {**DEVICE_TYPES, **read_device_types(beside)} if beside.is_file() else DEVICE_TYPES
    stem = path.stem
    default_split = next((s for s in ("train", "test") if stem.endswith(s)), stem)
    try:
        with path.open(newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise ConfigError(f"{path}: cannot read it ({e})") from None
    need = {"idx", "device_id", "locale", "wallpaper", "dpi", "darkmode"}
    if not rows or need - set(rows[0]):
        raise ConfigError(f"{path}: expected a CSV with columns {', '.join(sorted(need))} (B-MoCA's "
                          "environments format)" + (f"; missing {', '.join(sorted(need - set(rows[0])))}"
                                                    if rows else "; it has no rows"))
    configs = tuple(_make(r["idx"], r.get("split") or default_split, r["device_id"], r["locale"], r["wallpaper"],
                          r["dpi"], r["darkmode"], types, f"{path}:{n + 2}") for n, r in enumerate(rows))
    return _unique(configs, str(path))


def _unique(configs: Iterable[DeviceConfig], where: str) -> tuple[DeviceConfig, ...]:
    out: dict[str, DeviceConfig] = {}
    for config in configs:
        if config.id in out:
            raise ConfigError(f"{where}: environment {config.id} is listed twice")
        out[config.id] = config
    return tuple(out.values())


def load(spec: str) -> tuple[DeviceConfig, ...]:
    """The configurations ``--ma-configs`` names: ``train``, ``test``, ``all`` or a CSV file's path."""
    spec = spec.strip()
    if spec in SETS:
        return builtin(spec)
    path = Path(spec)
    if not path.is_file():
        raise ConfigError(f"{spec!r} is neither a configuration set ({', '.join(SETS)}) nor a file")
    return read_file(path)


__all__ = ["BUILTIN", "DEVICE_TYPES", "SETS", "ConfigError", "DeviceConfig", "DeviceType", "builtin", "load",
           "read_device_types", "read_file"]
