"""The run's state kept in pytest's stash: every key the plugin uses, in one place.

Each key says what it holds, who writes it and who reads it, and where it lives: on the config (one per pytest
process: the controller's or an xdist worker's, never shared between them) or on an item. The types the keys hold
come from several layers above and are imported for annotations only, so any module may take its keys from here.
Access stays with the modules named (``settings()``, ``run()``, ``artifacts(item)``...); a key is not an API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pytest_mobileagent.device.backend import Backends
    from pytest_mobileagent.device.emulators import EmulatorFleet
    from pytest_mobileagent.episode import EpisodeResult
    from pytest_mobileagent.records import EpisodeRecord
    from pytest_mobileagent.report.gates import Decision
    from pytest_mobileagent.report.replay import Recording
    from pytest_mobileagent.report.summary import RunTally
    from pytest_mobileagent.settings import Run, Settings
    from pytest_mobileagent.tasks.draw_cache import DrawCache

# -- on the config: the options and the run's identity ------------------------------------------------------------

#: Config. Every option's value (:class:`~pytest_mobileagent.settings.Settings`). Written by ``plugin.
#: pytest_configure`` (or by :func:`~pytest_mobileagent.settings.settings` on first use), and replaced there when
#: ``--ma-avd`` or ``--ma-device adb`` fills in the serials; read through ``settings()`` and ``option()``.
SETTINGS_KEY: pytest.StashKey[Settings] = pytest.StashKey()
#: Config. This run's id, suite seed and folder (:class:`~pytest_mobileagent.settings.Run`). Written by ``plugin.
#: pytest_configure`` (the controller decides; a worker takes the controller's from ``workerinput``); read through
#: :func:`~pytest_mobileagent.settings.run`: the seed by collection, the id and folder by every writer of the run's
#: files.
RUN_KEY: pytest.StashKey[Run] = pytest.StashKey()
#: Config. The device backends of the run: the ``pytest_mobileagent_device_backends`` hook's, then the installed
#: ones. Written on first use and read by :func:`pytest_mobileagent.pool.device_backends` (checking device specs,
#: opening devices); closed by ``plugin.pytest_unconfigure``.
BACKENDS_KEY: pytest.StashKey[Backends] = pytest.StashKey()
#: Config. The environment variables ``pytest_configure`` set (``MA_DATASETS``, ``MA_API_LIST``) with the values
#: they had before (None: unset); read by ``plugin.pytest_unconfigure``, which puts them back.
SAVED_ENV_KEY: pytest.StashKey[dict[str, str | None]] = pytest.StashKey()

# -- on the config: collection ------------------------------------------------------------------------------------

#: Config. The parameter lock file's draws (``--ma-lock``; empty without one or with ``--ma-freeze-params``).
#: Written by ``plugin.pytest_configure``; read by ``plugin.pytest_generate_tests``.
LOCK_KEY: pytest.StashKey[dict[str, Any]] = pytest.StashKey()
#: Config. The cache of parameter draws under pytest's cache folder (None with ``-p no:cacheprovider``). Written
#: on first use and read by ``plugin._draw_cache``, during ``pytest_generate_tests``.
DRAW_CACHE_KEY: pytest.StashKey[DrawCache | None] = pytest.StashKey()
#: Config. Task modules that contributed no item, by node id, and why. Written during collection (``plugin.
#: TaskModule.collect``, and the collect reports of modules that skipped themselves); read by ``plugin.
#: pytest_report_collectionfinish``.
EMPTY_MODULES_KEY: pytest.StashKey[dict[str, str]] = pytest.StashKey()
#: Config. Finished episodes of the run ``--ma-resume`` continues, by ``"<episode>@<agent>"`` (empty without it).
#: Written by ``plugin.pytest_configure``; read by ``fixtures._resumed``, which skips an episode already done.
RESUMED_KEY: pytest.StashKey[dict[str, EpisodeRecord]] = pytest.StashKey()
#: Config. The recorded run ``--ma-replay`` plays again, read once per process. Written and read by
#: :func:`pytest_mobileagent.report.replay.recording` (for the replay report at configure, and the ``ma_recording``
#: fixture).
RECORDING_KEY: pytest.StashKey[Recording] = pytest.StashKey()

# -- on the config: the session, on the controller ----------------------------------------------------------------

#: Config. The session, for stopping it without xdist (under xdist the dsession is stopped instead). Written by
#: ``plugin.ReportObserver.pytest_sessionstart``; read by ``plugin._stop`` (a results file that cannot be written,
#: infrastructure errors in a row).
SESSION_KEY: pytest.StashKey[pytest.Session] = pytest.StashKey()
#: Config. What the controller keeps of the run's episodes as their records arrive (aggregates and outcomes, never
#: the records). Written by ``plugin.pytest_configure`` and added to (on the controller) by ``plugin.ReportObserver.
#: pytest_runtest_logreport``; read by ``plugin.pytest_sessionfinish`` and ``plugin.pytest_terminal_summary``.
TALLY_KEY: pytest.StashKey[RunTally] = pytest.StashKey()
#: Config. Infrastructure errors in a row, by device. Written and read by ``plugin._count_infrastructure_errors``
#: (on the controller), which stops the session at ``--ma-max-infra-errors``.
STREAKS_KEY: pytest.StashKey[dict[str, int]] = pytest.StashKey()
#: Config. The run's aggregates, as written to ``metrics.json``. Written by ``plugin.pytest_sessionfinish``; read
#: by ``plugin.pytest_terminal_summary``.
METRICS_KEY: pytest.StashKey[dict[str, Any]] = pytest.StashKey()
#: Config. What the gates decided (only when a gate is configured). Written by ``plugin.pytest_sessionfinish``;
#: read by ``plugin.pytest_terminal_summary``.
DECISION_KEY: pytest.StashKey[Decision] = pytest.StashKey()
#: Config. The emulators ``--ma-avd`` started (on the controller). Written by ``plugin._start_emulators``; read by
#: ``plugin.pytest_unconfigure``, which stops them.
FLEET_KEY: pytest.StashKey[EmulatorFleet] = pytest.StashKey()

# -- on an item ---------------------------------------------------------------------------------------------------

#: Item. The item's episode result. Written by the ``ma_episode`` fixture (``fixtures``); read by ``plugin.
#: pytest_runtest_makereport``, which writes the record and attaches it to the report.
EPISODE_KEY: pytest.StashKey[EpisodeResult] = pytest.StashKey()
#: Item. The files the item kept, by kind (``screenshot``, ``hierarchy``, ``folder``). Written by
#: :meth:`pytest_mobileagent.report.artifacts.Artifacts.save` and the ``ma_episode`` fixture (the trace's folder);
#: read through :func:`pytest_mobileagent.report.artifacts.artifacts` by the HTML and Allure reports.
ARTIFACTS_KEY: pytest.StashKey[dict[str, str]] = pytest.StashKey()

__all__ = ["ARTIFACTS_KEY", "BACKENDS_KEY", "DECISION_KEY", "DRAW_CACHE_KEY", "EMPTY_MODULES_KEY", "EPISODE_KEY",
           "FLEET_KEY", "LOCK_KEY", "METRICS_KEY", "RECORDING_KEY", "RESUMED_KEY", "RUN_KEY", "SAVED_ENV_KEY",
           "SESSION_KEY", "SETTINGS_KEY", "STREAKS_KEY", "TALLY_KEY"]
