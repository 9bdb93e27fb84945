"""Reusable state checks, named for what they check.

Validators read device state through the :class:`~pytest_mobileagent.device.base.Device`
protocol only (databases, settings, files, logcat), never simulator internals.
"""
