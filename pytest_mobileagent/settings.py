"""The run's settings: every option, typed and checked once at configure time.

Each field of :class:`Settings` is an option: ``--ma-<name>`` on the command line (``--agent`` for the
agent) and the ini key ``ma_<name>``; the command line wins. Its metadata holds the help text, the
choices and the parser that turns the text into the field's value or raises :class:`ValueError` with
what is allowed. A bad value is one :class:`pytest.UsageError` (exit 4) naming the option, before any
item runs, instead of a traceback hours later. The values are parsed here once: readers get numbers,
pairs, limits and loaded files, never the text again.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pytest_mobileagent.llm.client import DEFAULT_RETRIES, DEFAULT_TIMEOUT_S, endpoint
from pytest_mobileagent.redaction import redact
from pytest_mobileagent.stash import RUN_KEY, SETTINGS_KEY
from pytest_mobileagent.tasks.params import DEFAULT_SEED
from pytest_mobileagent.tasks.registry import TASK_FILES

if TYPE_CHECKING:
    from pytest_mobileagent.device.configs import DeviceConfig

Parser = Callable[[str], Any]


def _field(default: Any, help: str, parse: Parser | None = None, choices: tuple[str, ...] = (),
           flag: str = "", shown: str = "") -> Any:
    """An option's field; ``shown`` is its default as the help writes it (default: the value, or "none")."""
    return dataclasses.field(default=default, metadata={"help": help, "parse": parse, "choices": choices,
                                                        "flag": flag, "shown": shown})


# -- parsers: text -> value, or ValueError saying what is allowed ----------------------------------


def at_least(low: int) -> Parser:
    def parse(text: str) -> int:
        try:
            value = int(str(text).strip())
        except ValueError:
            raise ValueError(f"expected a whole number >= {low}") from None
        if value < low:
            raise ValueError(f"expected a whole number >= {low}")
        return value
    return parse


def number(low: float, high: float = float("inf"), *, low_open: bool = False) -> Parser:
    def parse(text: str) -> float:
        try:
            value = float(str(text).strip())
        except ValueError:
            value = float("nan")
        if not (low < value <= high if low_open else low <= value <= high):
            bounds = f"{'>' if low_open else '>='} {low:g}" + (f" and <= {high:g}" if high != float("inf") else "")
            raise ValueError(f"expected a number {bounds}")
        return value
    return parse


def think_time(text: str) -> float | None:
    """Seconds, or None for ``measured``."""
    text = str(text).strip()
    return None if text == "measured" else number(0.0)(text)


def seed(text: str) -> str:
    text = str(text).strip()
    if text != "random" and not re.fullmatch(r"-?\d+", text):
        raise ValueError("expected an integer or 'random'")
    return text


def optional_int(text: str) -> int | None:
    text = str(text).strip()
    if text and not re.fullmatch(r"-?\d+", text):
        raise ValueError("expected an integer (or nothing)")
    return int(text) if text else None


def limits(text: str) -> dict[str, float]:
    """``metric=value`` specs (``success_rate=0.4,checkpoint_l2=5pp``) -> {metric: value}."""
    from pytest_mobileagent.report.gates import parse_limits

    return parse_limits(text)


def prices(text: str) -> tuple[float, float] | None:
    """``input,output`` dollars per million tokens -> the pair (None for nothing)."""
    parts = [p.strip() for p in str(text).split(",")] if str(text).strip() else []
    try:
        values = tuple(float(p) for p in parts)
    except ValueError:
        values = ()
    if parts and not (len(values) == 2 and all(v >= 0 for v in values)):
        raise ValueError("expected 'input,output' dollars per million tokens, e.g. '2.5,10'")
    return values or None  # type: ignore[return-value]


def endpoint_url(text: str) -> str:
    """A model endpoint URL the client can use as given (no user info: see ``llm.client.endpoint``)."""
    endpoint(str(text))
    return str(text).strip()


def existing_file(text: str) -> str:
    if text and not Path(text).is_file():
        raise ValueError(f"no such file: {text}")
    return text


def baseline_file(text: str) -> dict[str, Any] | None:
    """A baseline file's path -> the baseline it holds (None for no path)."""
    if not text:
        return None
    existing_file(text)
    from pytest_mobileagent.report.gates import read_baseline

    return read_baseline(Path(text), "--ma-baseline")


def device_list(text: str) -> str:
    """Device specs, comma-separated; each is checked by the backend that claims it (:func:`_check_specs`)."""
    return str(text).strip()


def pool_file(text: str) -> str:
    if text:
        existing_file(text)
    return text


def _specs_of(name: str, value: str) -> list[str]:
    """The device specs option ``name`` (``device``, ``serials`` or ``pool_file``) names."""
    from pytest_mobileagent.pool import pool_file_specs, spec_list

    if name == "pool_file":
        return pool_file_specs(value) if value else []
    return spec_list(value)


def _check_specs(config: pytest.Config, name: str, value: str) -> None:
    """Each spec the option names must parse for the backend that takes it (``sim[:...]``, a serial,
    ``adb://HOST:PORT/SERIAL``, or a spec of a backend a plugin adds); :class:`ValueError` otherwise."""
    from pytest_mobileagent.pool import check_spec, device_backends

    backends = device_backends(config)
    for spec in _specs_of(name, value):
        check_spec(spec, backends)


def shard_spec(text: str) -> tuple[int, int] | None:
    """``K/N`` -> (K, N) (None for nothing)."""
    text = str(text).strip()
    m = re.fullmatch(r"(\d+)/(\d+)", text)
    if text and not (m and 1 <= int(m.group(1)) <= int(m.group(2))):
        raise ValueError("expected K/N with 1 <= K <= N, such as 2/4")
    return (int(m.group(1)), int(m.group(2))) if m else None


def config_set(text: str) -> tuple[DeviceConfig, ...]:
    """``train``, ``test``, ``all`` or a CSV of B-MoCA environments -> the configurations it names."""
    text = str(text).strip()
    if not text:
        return ()
    from pytest_mobileagent.device.configs import load

    return load(text)


#: The longest run id: a folder name every file system takes, with room for the suffixes beside it.
NAME_MAX = 128


def plain_name(text: str) -> str:
    """A run id: a folder name of letters, digits, '_', '.' and '-', not ``.`` or ``..`` (nor only dots), at most
    :data:`NAME_MAX` characters; "" for none."""
    if text and not (re.fullmatch(r"[A-Za-z0-9_.\-]+", text) and text.strip(".") and len(text) <= NAME_MAX):
        raise ValueError(f"expected a plain folder name (letters, digits, '_', '.', '-'; not only dots; at most "
                         f"{NAME_MAX} characters)")
    return text


def run_reference(text: str) -> str:
    """``--ma-resume``: a run id (:func:`plain_name`), or a run folder's path whose last part is one."""
    text = str(text)
    if "/" not in text and "\\" not in text:
        return plain_name(text)
    if "\0" in text or len(text) > 4096:
        raise ValueError("expected a run folder's path")
    plain_name(Path(text.replace("\\", "/")).name or ".")
    return text


# -- the settings -------------------------------------------------------------------------------------

TRAJECTORY_POLICIES = ("on", "off", "failed")
FINAL_STATE_POLICIES = ("on", "off")
SCREENSHOT_POLICIES = ("none", "on-failure", "all")


@dataclasses.dataclass(frozen=True)
class Settings:
    """Every option's value for this run (:func:`settings`; kept in ``config.stash[SETTINGS_KEY]``, see
    :mod:`pytest_mobileagent.stash`)."""

    agent: str = _field("oracle", "agent to evaluate: oracle, noop, random, a model agent (t3a, m3a, seeact, "
                        "arena, mobilebench, bmoca...), an entry point of group pytest_mobileagent.agents, or "
                        "module:Class", flag="--agent")
    seed: str = _field(str(DEFAULT_SEED), "suite seed for parameter draws: an integer, or 'random'", seed)
    instances: int = _field(1, "instances (parameter draws) per task", at_least(1))
    repeat: int = _field(1, "runs of every instance (same parameters, agent seed varied), for pass@k and mean@k",
                         at_least(1))
    device: str = _field("sim", "'sim' for the embedded simulator, or adb serials (comma-separated, one per "
                         "worker)", device_list)
    serials: str = _field("", "device specs, comma-separated, one per xdist worker (serials or "
                          "adb://host:port/serial)", device_list)
    pool_file: str = _field("", "a file listing device specs, one per line, for the workers to share out",
                            pool_file)
    adb_timeout: float = _field(30.0, "seconds one adb request may go unanswered before it is a device error "
                                "(an infrastructure error)", number(0.0, low_open=True))
    avd: str = _field("", "start emulators of this AVD for the run (headless, read-only) and stop them at the end")
    emulators: int = _field(1, "how many emulators --ma-avd starts (one per xdist worker)", at_least(1))
    save_baseline: str = _field("", "write this run's per-task outcomes and aggregates to this file")
    #: The baseline file's contents (``--ma-baseline`` names the file).
    baseline: Mapping[str, Any] | None = _field(None, "compare this run with a baseline file (flipped tasks, "
                                                "metric deltas)", baseline_file)
    fail_under: Mapping[str, float] | None = _field(None, "gate: aggregates' floors, e.g. "
                                                    "'success_rate=0.4,checkpoint_l2=0.6'", limits)
    max_regression: Mapping[str, float] | None = _field(None, "gate: allowed drop from the baseline, e.g. "
                                                        "'success_rate=5pp' (McNemar-checked; needs --ma-baseline)",
                                                        limits)
    gate_infra_errors: int = _field(0, "gate: infrastructure errors a gated run tolerates", at_least(0))
    max_infra_errors: int = _field(3, "stop the session after this many infrastructure errors in a row (a device "
                                   "or endpoint gone for good); finished episodes stay on disk for --ma-resume",
                                   at_least(1))
    llm_model: str = _field("gpt-4o", "model name for the model agents")
    llm_base_url: str = _field("", "OpenAI-compatible endpoint (vLLM, Ollama, LiteLLM...); default OpenAI's. Its "
                               "query goes with every request; no user:password@ (the key is MA_LLM_API_KEY)",
                               endpoint_url)
    llm_temperature: float = _field(0.0, "sampling temperature", number(0.0, 2.0))
    llm_seed: int | None = _field(None, "sampling seed, for endpoints that honour it", optional_int)
    llm_timeout: float = _field(DEFAULT_TIMEOUT_S, "seconds per model request attempt, all of it: connect, send and "
                                "every read of the reply (with the retries, a hung or trickling endpoint "
                                "costs an item under a minute by default)", number(0.0, low_open=True))
    llm_retries: int = _field(DEFAULT_RETRIES, "retries of a model request on 429, 5xx, timeouts and cut-off "
                              "bodies (then an infrastructure error)",
                              at_least(0))
    llm_judge: bool = _field(False, "also ask the model whether each episode succeeded (reported as "
                             "judged_success, never mixed into verified success)")
    llm_judge_model: str = _field("", "the judge's model on the same endpoint (default: --ma-llm-model)")
    androidworld_check: bool = _field(False, "also judge each AndroidWorld item with AndroidWorld's own "
                                      "is_successful, over the device's adb wire (its source from the datasets "
                                      "folder or installed; the androidworld extra and the adb client): reported "
                                      "as androidworld_success beside verified success, disagreements per item")
    llm_log_max_bytes: int = _field(2_000_000, "bytes of model requests and responses kept per episode in "
                                    "<run>/llm/; the rest is dropped and the log says so", at_least(0))
    #: Dollars per million (input, output) tokens; None when not given.
    llm_prices: tuple[float, float] | None = _field(None, "dollars per million input,output tokens, for cost "
                                                    "accounting", prices)
    #: The configurations loaded (the option names a set or a file).
    configs: tuple[DeviceConfig, ...] = _field((), "B-MoCA device configurations, one drawn per episode from its "
                                               "instance seed and applied after the reset: 'train' (35), 'test' "
                                               "(10), 'all' (45), or a CSV in B-MoCA's environments format "
                                               "(device_property.json beside it is read too)", config_set)
    snapshot: str = _field("", "an existing device snapshot to start every session from (emulators with "
                           "prepared apps)")
    output: str = _field("reports", "folder for run outputs: <output>/<run-id>/results.jsonl, metrics.json")
    run_id: str = _field("", "name of this run's output folder (default: a timestamp)", plain_name)
    #: (K, N), or None to run every item.
    shard: tuple[int, int] | None = _field(None, "run shard K of N ('2/4'): the items whose id hashes to it, the "
                                           "same on every machine; each shard writes its own run folder (default "
                                           "id ...-shard-2-of-4) for ma-merge", shard_spec)
    replay: str = _field("", "with --agent replay: the recorded run whose actions each item plays again (its run id "
                         "under --ma-output, as --ma-resume takes, its folder or its results.jsonl); the first step "
                         "whose screen differs from the recording is reported")
    final_states: str = _field("on", "on the simulator, save each episode's final state (a few KB) under "
                               "<run>/final_states/, for re-judging the run with ma-rescore",
                               choices=FINAL_STATE_POLICIES)
    resume: str = _field("", "resume a run (its id, or its folder such as reports/<run-id>): finished episodes are "
                         "taken from its results.jsonl", run_reference)
    require_complete: bool = _field(False, "AndroidWorld's rule: success counts only if the agent declared "
                                    "completion")
    lcs_gamma: float = _field(0.9, "AndroidArena's discount for the task reward", number(0.0, 1.0, low_open=True))
    text_similarity: float = _field(0.6, "typed texts at least this similar count as the same action (LCS "
                                    "metrics)", number(0.0, 1.0))
    text_rule: str = _field("difflib", "how typed texts are compared for AndroidArena's metrics: 'difflib' (its "
                            "fallback, quick_ratio) or 'spacy' (its first choice; needs spacy and en_core_web_md)",
                            choices=("difflib", "spacy"))
    success_threshold: float = _field(1.0, "score at which an episode passes (composite tasks score in between)",
                                      number(0.0, 1.0, low_open=True))
    infra_retries: int = _field(1, "retries of an episode after an infrastructure (device) error", at_least(0))
    #: Seconds, or None for 'measured'.
    sim_think_time: float | None = _field(None, "simulated seconds the simulator's clock moves per agent step, as "
                                          "a phone's moves while the agent thinks: 'measured' (the agent's real "
                                          "thinking time) or a number", think_time, shown="measured")
    episode_timeout: float = _field(1800.0, "wall-clock seconds one episode may take (0: no limit); past it the "
                                    "episode is the agent's timeout when its own steps had most of the time, "
                                    "else an infrastructure error", number(0.0))
    screenshots: str = _field("on-failure", "save the final screen and UI tree", choices=SCREENSHOT_POLICIES)
    trajectories: str = _field("off", "write a trace per episode (every step's screen, UI tree, observation, model "
                               "exchange, logcat; the check's reads), opened with ma-trace show or from the HTML and "
                               "Allure reports; "
                               "'failed': only for items that failed", choices=TRAJECTORY_POLICIES)
    task_files: str = _field(TASK_FILES, "glob of task module file names")
    arena_files: str = _field("", "glob of AndroidArena-format YAML task file names to collect where pytest looks "
                              "(a YAML file given on the command line is collected whatever its name)")
    lock: str = _field("", "params lock file: freeze parameter draws (written with --ma-freeze-params)")
    freeze_params: bool = _field(False, "write the drawn parameters to the --ma-lock file")
    datasets: str = _field("", "folder of the benchmarks' published files, for importers (default: $MA_DATASETS, "
                           "else the cache 'ma-datasets fetch' fills)")
    api_list: str = _field("", "an API list in Mobile-Bench's api_list.json format: the APIs agents may call beside "
                           "the built-in ones (default: $MA_API_LIST, else the datasets folder's "
                           "mobilebench/api_list.json)", existing_file)

    def __post_init__(self) -> None:
        if self.agent == "replay" and not self.replay:
            raise pytest.UsageError("--agent replay needs --ma-replay RUN (the recorded run to play again)")
        if self.replay and self.agent != "replay":
            raise pytest.UsageError(f"--ma-replay plays a recorded run with --agent replay, not --agent {self.agent}")
        if self.max_regression and not self.baseline:
            raise pytest.UsageError("--ma-max-regression needs --ma-baseline (the run to compare with)")
        if self.lock and not self.freeze_params:
            try:
                existing_file(self.lock)
                json.loads(Path(self.lock).read_text(encoding="utf-8"))
            except (ValueError, OSError) as e:
                raise pytest.UsageError(f"--ma-lock: {e} (write one with --ma-freeze-params)") from None


@dataclasses.dataclass(frozen=True)
class Run:
    """This run's identity: its id, the suite seed parameters are drawn with (``--ma-seed random`` resolved),
    and its output folder (``<output>/<id>``, or the folder ``--ma-resume`` names)."""

    id: str
    seed: str
    directory: Path

    @property
    def results(self) -> Path:
        return self.directory / "results.jsonl"


FIELDS = {f.name: f for f in dataclasses.fields(Settings)}
_INI_TYPES = {bool: "bool", int: "int", float: "float"}


def flag(name: str) -> str:
    return FIELDS[name].metadata["flag"] or f"--ma-{name.replace('_', '-')}"


def _help(f: dataclasses.Field[Any]) -> str:
    text = f.metadata["help"]
    if f.metadata["choices"]:
        text += f" (one of: {', '.join(f.metadata['choices'])})"
    if f.type != "bool":
        text += f" [default: {f.metadata['shown'] or (f.default if f.default not in ('', None, ()) else 'none')}]"
    return text


def add_options(parser: pytest.Parser) -> None:
    """Register every setting as an option in the ``mobileagent`` group and as a typed ini key."""
    group = parser.getgroup("mobileagent", "mobile-agent benchmarks")
    for name, f in FIELDS.items():
        kind = type(f.default)
        if kind is bool:
            group.addoption(flag(name), dest=f"ma_{name}", action="store_const", const=True, default=None,
                            help=_help(f))
        else:
            group.addoption(flag(name), dest=f"ma_{name}", default=None, help=_help(f),
                            metavar=name.upper() if not f.metadata["choices"] else "{" + ",".join(
                                f.metadata["choices"]) + "}")
        parser.addini(f"ma_{name}", _help(f), type=_INI_TYPES.get(kind, "string"), default=_ini_default(f))


def _ini_default(f: dataclasses.Field[Any]) -> Any:
    """The ini key's default: the field's where the ini type holds it, else none (the field's default is used)."""
    return f.default if type(f.default) in (str, *_INI_TYPES) else ""


def _raw(config: pytest.Config, name: str) -> tuple[Any, str]:
    """The option's given value and where it came from (the flag or the ini key)."""
    value = config.getoption(f"ma_{name}", None)
    if value is not None:
        return value, flag(name)
    try:
        return config.getini(f"ma_{name}"), f"ini key ma_{name}"
    except (ValueError, TypeError, pytest.UsageError) as e:  # pytest wraps its own parse errors
        raise pytest.UsageError(f"ini key ma_{name}: {e}") from None


def build(config: pytest.Config) -> Settings:
    """Read and check every option; a bad value is a :class:`pytest.UsageError` naming the option."""
    values: dict[str, Any] = {}
    for name, f in FIELDS.items():
        value, source = _raw(config, name)
        if value in (None, ""):
            values[name] = f.default  # already the field's value
            continue
        if isinstance(value, str):
            value = value.strip()
        choices = f.metadata["choices"]
        if choices and value not in choices:
            raise pytest.UsageError(redact(f"{source}: {value!r} is not one of {', '.join(choices)}"))
        parse = f.metadata["parse"] or (_INI_TYPES.get(type(f.default)) and type(f.default))
        if parse is not None and not isinstance(value, bool):
            try:
                value = parse(value)
            except ValueError as e:
                raise pytest.UsageError(redact(f"{source}: {value!r}: {e}")) from None
        if name in _SPEC_OPTIONS:
            try:
                _check_specs(config, name, value)
            except ValueError as e:
                raise pytest.UsageError(redact(f"{source}: {value!r}: {e}")) from None
        values[name] = value
    return Settings(**values)


#: The options naming device specs, which the device backends check.
_SPEC_OPTIONS = frozenset({"device", "serials", "pool_file"})


def settings(config: pytest.Config) -> Settings:
    """This run's settings (built on first use, normally at configure time)."""
    found = config.stash.get(SETTINGS_KEY, None)
    if found is None:
        found = config.stash[SETTINGS_KEY] = build(config)
    return found


def run(config: pytest.Config) -> Run:
    """This run's identity (set at configure time; workers get the controller's)."""
    return config.stash[RUN_KEY]


def option(config: pytest.Config, name: str) -> Any:
    """The value of ``--ma-<name>`` or, if not given, of the ini key ``ma_<name>`` (typed and checked)."""
    return getattr(settings(config), name)


__all__ = ["RUN_KEY", "SETTINGS_KEY", "Run", "Settings", "add_options", "build", "flag", "option", "run", "settings"]
