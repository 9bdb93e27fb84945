"""The simulator as a pytest-mobileagent device backend (entry point ``sim`` of ``pytest_mobileagent.backends``).

Specs: ``sim`` or ``sim:<serial>``, optionally configured as B-MoCA varies devices:
``sim:<serial>?size=720x1280&density=320&locale=fr-FR&dark_mode=on`` (a
:class:`~pytest_mobileagent.device.profile.DeviceProfile`'s options).

It declares every backend capability: scratch phones (in-process, at once), final states (the phone as the check
read it, in :mod:`mobileagent_sim.state`'s format, for ``ma-rescore``), an adb server for a phone (an
:class:`~mobileagent_sim.adb_server.AdbServer` on loopback) and the catalogue of the apps it installs.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import parse_qs

from pytest_mobileagent.device.backend import Backend, FinalStateError, StateFolder
from pytest_mobileagent.device.profile import PROFILE_OPTIONS, DeviceProfile

if TYPE_CHECKING:
    from mobileagent_sim.device import SimDevice
    from pytest_mobileagent.device.base import Device

#: The options a ``sim:`` spec's query takes: a device profile's.
SIM_OPTIONS = PROFILE_OPTIONS


def _options(spec: str) -> tuple[str, dict[str, str]]:
    """``(serial, options)`` of a ``sim[:serial][?query]`` spec; :class:`ValueError` naming what is wrong."""
    rest = spec.partition(":")[2]
    serial, _, query = rest.partition("?")
    options = {k: v[-1] for k, v in parse_qs(query).items()}
    unknown = set(options) - set(SIM_OPTIONS)
    if unknown:
        raise ValueError(f"unknown simulated-device option(s) {sorted(unknown)} in 'sim:{rest}' "
                         f"(known: {', '.join(SIM_OPTIONS)})")
    DeviceProfile.of_spec(options, spec)
    return serial, options


class SimBackend(Backend):
    """Embedded simulated phones: :class:`~mobileagent_sim.device.SimDevice`, one per worker."""

    name = "sim"
    spec_help = "sim[:SERIAL][?size=WxH&density=DPI&locale=LL-CC&dark_mode=on|off]"
    capabilities = frozenset({"scratch", "final_states", "adb_server", "catalogue"})

    def __init__(self) -> None:
        self._restorer: SimDevice | None = None

    def claims(self, spec: str) -> bool:
        return spec == "sim" or spec.startswith("sim:")

    def check_spec(self, spec: str) -> None:
        _options(spec)

    def profile(self, spec: str) -> DeviceProfile:
        return DeviceProfile.from_options(_options(spec)[1])

    def open(self, spec: str, *, name: str = "master", timeout: float = 30.0) -> Device:
        from mobileagent_sim.device import SimDevice

        serial, _ = _options(spec)
        return SimDevice(serial=serial or f"sim-{name}")

    def scratch_device(self, serial: str) -> Device:
        from mobileagent_sim.device import SimDevice

        return SimDevice(serial=serial)

    def installed_packages(self) -> frozenset[str]:
        from mobileagent_sim.apps.catalogue import default_packages

        return frozenset(default_packages())

    @contextlib.contextmanager
    def adb_server(self, device: Device) -> Iterator[tuple[int, str]]:
        from mobileagent_sim.adb_server import AdbServer
        from mobileagent_sim.device import SimDevice

        if not isinstance(device, SimDevice):
            raise TypeError(f"{device!r} is not a simulated phone")
        with AdbServer(device).start() as server:
            yield server.port, device.serial

    # -- final states ----------------------------------------------------------------------------------------

    @staticmethod
    def _state_name(key: str) -> str:
        return f"{key}.state"

    @staticmethod
    def _base_name(digest: str) -> str:
        return f"base-{digest}.tree"

    def save_final_state(self, device: Device, folder: StateFolder, key: str, meta: dict[str, Any],
                         values: dict[str, Any]) -> None:
        import mobileagent_sim.state as state
        from mobileagent_sim.device import SimDevice

        if not isinstance(device, SimDevice):
            raise FinalStateError(f"{device!r} is not a simulated phone")
        meta = {**meta, "values": state.dumps_system(values)}
        saved = device.export_state(meta)
        if saved.base is not None and not folder.has(self._base_name(saved.base)):
            folder.write(self._base_name(saved.base), state.write_base(device.export_base(saved.base)))
        folder.write(self._state_name(key), state.write_state(saved))

    def has_final_state(self, folder: StateFolder, key: str) -> bool:
        return folder.has(self._state_name(key))

    def restore_final_state(self, folder: StateFolder, key: str,
                            packages: tuple[str, ...] = ()) -> tuple[Device, dict[str, Any], dict[str, Any]]:
        import mobileagent_sim.state as state
        from mobileagent_sim.device import SimDevice

        name = self._state_name(key)
        where = str(folder.path(name))
        try:
            saved = state.read_state(folder.read(name), where)
        except state.StateError as e:
            raise FinalStateError(str(e)) from None
        meta = dict(saved.meta)
        try:
            values = state.loads_system(meta.pop("values"), packages) if "values" in meta else {}
        except state.StateError as e:
            raise FinalStateError(f"its task's values cannot be restored by this version ({e})") from None
        if not isinstance(values, dict):
            raise FinalStateError(f"{where} is damaged (its task's values are not a mapping)")

        def base(digest: str) -> list[Any]:
            base_name = self._base_name(digest)
            if not folder.has(base_name):
                raise FinalStateError(f"no base tree {base_name} in {folder.folder} (the states on it cannot be "
                                      "restored)")
            try:
                return state.read_base(folder.read(base_name), str(folder.path(base_name)))
            except state.StateError as e:
                raise FinalStateError(str(e)) from None

        if self._restorer is None:
            self._restorer = SimDevice(serial="rescore")
        try:
            self._restorer.import_state(saved, base)
        except FinalStateError:
            raise
        except Exception as e:  # a class renamed or changed since: the state is of another version
            raise FinalStateError(f"its final state cannot be restored by this version ({type(e).__name__}: "
                                  f"{e})") from None
        return cast("Device", self._restorer), meta, values

    def close(self) -> None:
        if self._restorer is not None:
            self._restorer.close()
            self._restorer = None
