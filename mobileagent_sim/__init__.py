"""A simulated Android, usable without pytest (see README.md); it never imports the plugin.

``from mobileagent_sim import SimDevice`` loads the phone when asked (PEP 562), so importing one of the package's
modules (``mobileagent_sim.kernel``, ``mobileagent_sim.views``...) loads that module and what it uses, not the
whole phone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mobileagent_sim.device import SimDevice

__all__ = ["SimDevice"]


def __getattr__(name: str) -> Any:
    if name == "SimDevice":
        from mobileagent_sim.device import SimDevice

        return SimDevice
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
