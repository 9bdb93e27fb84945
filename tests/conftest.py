"""Fixtures the plugin's tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice


@pytest.fixture(scope="module")
def phone() -> Iterator[SimDevice]:
    """One simulated phone per test module, with its first state saved as the snapshot ``clean``."""
    with SimDevice() as d:
        d.snapshot_save("clean")
        yield d


@pytest.fixture
def d(phone: SimDevice) -> SimDevice:
    """The module's phone, back in its ``clean`` state."""
    phone.snapshot_load("clean")
    return phone


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--ma-record-goldens", action="store_true", default=False,
                     help="write the screenshot golden images (tests/goldens/) instead of comparing with them "
                          "(also MA_RECORD_GOLDENS=1)")
