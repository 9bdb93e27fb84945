"""The embedded simulated Android (never imports the plugin)."""

from pytest_mobileagent.sim.device import SimDevice

__all__ = ["SimDevice"]
