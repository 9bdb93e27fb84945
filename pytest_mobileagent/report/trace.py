"""One trace per episode (``--ma-trajectories on|failed``): a folder a reviewer opens in a browser to see why the
episode failed, without a server and without another file.

Layout of ``<run>/trajectories/<episode>/`` (format :data:`FORMAT`)::

    trace.json       the manifest: ``format``, ``kind``, ``written_by``; ``episode``, the episode's results record
                     (its ``steps`` with each action and UI-tree digest ``screen``, ``params``, ``device_config``...);
                     ``steps``, per step ``record`` (the position of its record in ``episode.steps``, whose
                     ``action``, ``error``, ``invalid``, ``usage``, ``command`` and ``command_output`` are the step's:
                     stored once, not copied; null for a step the agent raised in, whose entry has ``error``),
                     ``screenshot`` (a file), ``size`` (the device's pixels), ``drawn`` (tap ``point``, swipe
                     ``path``), ``target`` (``xpath``, ``bounds``, ``node``: its position among the tree's nodes),
                     ``timings`` (agent, model, device seconds), ``detail`` (a file); ``check``, the score,
                     ``judge`` (the model judge's exchanges) and ``reads``, every device call the check made
                     (``call``, ``args``, ``result`` or ``error``, ``seconds``); its verdicts, the answer and what
                     it saw are ``episode``'s (``success``, ``answer``, ``validator_state``...); ``benchmark``
                     (``metrics``, ``alignment``, ``checkpoints``, ``constraint_violations``); ``files``, every file
                     the manifest names (a reader checks they are all there)
    trace.js         the same manifest as a script (``maTrace({...})``): browsers block ``fetch`` under file://
    index.html       the viewer (package data, :data:`VIEWER`), which loads trace.js and the steps lazily
    screens/NNN.webp each step's screen (WebP, half size; a step whose screen did not change names the earlier
                     step's file), and the images a model was shown (``NNN-mK.webp``)
    steps/NNN.js     each step's detail: ``maTraceStep(N, "<base64 of gzipped JSON>")`` with the UI tree, the
                     observation as the agent received it, the model's prompts and replies, the step's logcat
    final.png/.xml   the final screen (``--ma-screenshots``), as before

Everything written is redacted as the model log is (:func:`~pytest_mobileagent.redaction.redact_json`), which
also writes a lone surrogate as U+FFFD; the scripts escape U+2028/U+2029 (:func:`~pytest_mobileagent.text.one_line`).
Every string longer than 64 KiB characters (typed text, an answer, a model's reply) is stored cut once, its length
said at its end (``…[truncated, N chars]``: :mod:`pytest_mobileagent.capped`). :func:`load_trace` reads a trace's
manifest back (:class:`TraceError` names what is missing or wrong), each step's entry joined with its record's
fields, and :func:`read_step` a step's detail. Format 1 (before ``record``: each entry held a copy) is read too.
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import io
import json
import re
import shutil
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from pytest_mobileagent.capped import cap, cap_json
from pytest_mobileagent.redaction import redact, redact_json
from pytest_mobileagent.report.files import write_file
from pytest_mobileagent.text import loads, one_line

if TYPE_CHECKING:
    from pytest_mobileagent.device.base import Device
    from pytest_mobileagent.episode import EpisodeResult, MetricOptions
    from pytest_mobileagent.observe.elements import Observation
    from pytest_mobileagent.tasks.base import Task

#: The manifest's ``format``: a reader refuses a newer one (the viewer too), naming both. 2: a step's record is the
#: episode's (``record`` names it), no longer copied into the step's entry.
FORMAT = 2
_READABLE = (1, 2)
#: What a step's entry takes from its record in ``episode.steps`` (format 2; format 1 copied them).
STEP_RECORD_FIELDS = ("action", "error", "invalid", "usage", "command", "command_output")
#: What ``check`` takes from ``episode`` (format 2; format 1 copied them).
CHECK_RECORD_FIELDS = ("success", "trivial_success", "self_reported", "answer", "terminated_by", "agent_error",
                       "validator_state", "judged_success", "judge_reason", "androidworld_success",
                       "androidworld_error")
KIND = "pytest-mobileagent trace"
MANIFEST = "trace.json"
MANIFEST_JS = "trace.js"
VIEWER = "index.html"
#: Screens are kept at this width at most (half a 1080-pixel phone): a 30-step trace stays well under 2 MB.
SCREEN_WIDTH = 540
WEBP_QUALITY = 60
#: libwebp's effort (0 fastest, 6 smallest): 2 is about twice as fast as the default 4 for a few % more bytes.
WEBP_METHOD = 2
#: A device read's result is cut at this many characters, and a list (rows, lines) at this many items.
MAX_TEXT = 8000
MAX_ITEMS = 200


class TraceError(Exception):
    """A path that is not a readable trace; the message names what is missing or wrong."""


# -- writing --------------------------------------------------------------------------------------------------------


def webp(png: bytes | Image.Image, width: int = SCREEN_WIDTH) -> tuple[bytes, tuple[int, int]]:
    """An image (any format Pillow reads, or a PIL image) as WebP at most ``width`` wide, and the original's
    size."""
    image = png if isinstance(png, Image.Image) else Image.open(io.BytesIO(png))
    size = image.size
    image = image.convert("RGB")
    if image.width > width:  # a whole factor first (box filter, fast), then the rest
        image = image.reduce(max(1, image.width // width))
        if image.width > width:
            image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.BILINEAR)
    out = io.BytesIO()
    image.save(out, "WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD)
    return out.getvalue(), size


def packed(value: Any) -> str:
    """``value`` as the steps' files carry it: gzipped JSON, base64 (a UI tree shrinks to a tenth)."""
    return base64.b64encode(gzip.compress(json.dumps(value, ensure_ascii=False).encode(), 6, mtime=0)).decode()


def unpacked(text: str) -> Any:
    return loads(gzip.decompress(base64.b64decode(text)))


def _script(call: str, *args: Any) -> str:
    # "</" never appears in the script (JSON escapes nothing there): a hostile UI text cannot end a <script> element;
    # nor a raw U+2028/U+2029, a line break inside a string for JavaScript before ES2019
    body = ", ".join(one_line(json.dumps(a, ensure_ascii=False)).replace("</", "<\\/") for a in args)
    return f"{call}({body});\n"


def _jsonable(value: Any) -> Any:
    """A device call's result or argument as the trace keeps it: rows as lists, bytes as text, long values cut."""
    if isinstance(value, bytes):
        try:
            value = value.decode()
        except UnicodeDecodeError:
            return f"<{len(value)} bytes>"
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT else value[:MAX_TEXT] + f"... ({len(value) - MAX_TEXT} more chars)"
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in list(value.items())[:MAX_ITEMS]}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
        kept = [_jsonable(v) for v in items[:MAX_ITEMS]]
        return kept + ([f"... {len(items) - MAX_ITEMS} more"] if len(items) > MAX_ITEMS else [])
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return _jsonable(str(value))


class ReadRecorder:
    """The device as the check sees it: every call goes to ``device`` and is recorded (method, arguments, result
    or error, seconds) in :attr:`reads`, whatever the task reads (SQL rows, settings, files, logcat...)."""

    def __init__(self, device: Device):
        self._device = device
        self.reads: list[dict[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._device, name)
        if name.startswith("_") or not callable(attr):
            return attr

        def recorded(*args: Any, **kwargs: Any) -> Any:
            entry: dict[str, Any] = {"call": name, "args": _jsonable(args)}
            if kwargs:
                entry["kwargs"] = _jsonable(kwargs)
            started = time.perf_counter()
            try:
                value = attr(*args, **kwargs)
            except Exception as e:
                entry["error"] = f"{type(e).__name__}: {e}"
                raise
            else:
                entry["result"] = _jsonable(value)
                return value
            finally:
                entry["seconds"] = round(time.perf_counter() - started, 6)
                self.reads.append(entry)

        return recorded


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pytest-mobileagent")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "unknown"


def viewer_html() -> str:
    """The viewer app (package data): one static page, its script and style inline."""
    return resources.files("pytest_mobileagent.report").joinpath("trace_viewer.html").read_text(encoding="utf-8")


@dataclasses.dataclass
class _Pending:
    """A step observed and not yet written: what the agent was shown, until the next observation ends it."""

    index: int
    xml: str
    screenshot: str | None
    size: tuple[int, int]
    package: str
    activity: str


def _tree_size(xml: str) -> tuple[int, int]:
    """The screen's size as the UI tree gives it: how far its windows reach ((0, 0) without bounds)."""
    corners = [(int(x), int(y)) for x, y in re.findall(r'bounds="\[-?\d+,-?\d+\]\[(\d+),(\d+)\]"', xml)]
    return (max((x for x, _ in corners), default=0), max((y for _, y in corners), default=0))


class TraceRecorder:
    """Writes one episode's trace while it runs.

    ``observe`` is the episode's ``on_observation``: it saves the screen, and ends the previous step (its model
    exchanges, its logcat lines). ``check_device`` wraps the device the check reads. ``finish``, before teardown,
    writes the steps' details, the check and the manifest.

    Images are compressed on a thread of their own: the episode counts the time ``on_observation`` takes as the
    agent's (it runs between observing and asking the agent), so the recorder keeps it to copying bytes.
    """

    def __init__(self, folder: Path, device: Device, agent: Any = None):
        self.folder = folder
        self.device = device
        self.agent = agent
        self.reads: ReadRecorder | None = None
        self._pending: _Pending | None = None
        self._steps: dict[int, dict[str, Any]] = {}
        self._since: Any = None
        self._seen: set[str] = set()
        self._writer: ThreadPoolExecutor | None = None
        self._writes: list[Future[None]] = []
        #: The last screen written and its file: a step whose screen is the same object (a simulated phone's
        #: unchanged picture) or the same PNG shares the file.
        self._last_picture: tuple[bytes | Image.Image, str] | None = None

    def _write_image(self, name: str, image: bytes | Image.Image, width: int = SCREEN_WIDTH) -> None:
        """Compress ``image`` to WebP as ``folder/name``, on the writer thread."""
        if self._writer is None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="ma-trace")
        path = self.folder / name

        def write() -> None:
            write_file(path, webp(image, width)[0])

        self._writes.append(self._writer.submit(write))

    def _drain(self) -> None:
        """Wait for the images being written (an error writing one is raised here)."""
        writes, self._writes = self._writes, []
        for write in writes:
            write.result()

    # the episode's callbacks -----------------------------------------------------------------------------------

    def observe(self, obs: Observation) -> None:
        if obs.step == 0:  # a first step, or an earlier attempt's (an infrastructure retry): start afresh
            self._drain()
            if self.folder.is_symlink():  # a link left in a shared run folder is removed, never followed
                self.folder.unlink()
            elif self.folder.exists():
                shutil.rmtree(self.folder)
            self._steps.clear()
            self._pending = None
            self._last_picture = None
            self._since = self._device_now()
            self._seen = set()
            self._logcat()  # what reset and setup logged at the same instant is not the first step's
        self._end_step()
        (self.folder / "screens").mkdir(parents=True, exist_ok=True)
        picture = obs.picture()
        name: str | None = f"screens/{obs.step:03d}.webp"
        try:  # the header only
            size = picture.size if isinstance(picture, Image.Image) else Image.open(io.BytesIO(picture)).size
        except (OSError, ValueError):  # a device that sent no image: the step is kept, without its screen
            name, size = None, _tree_size(obs.xml)
        if name is not None:
            last = self._last_picture
            if last is not None and (last[0] is picture or (isinstance(picture, bytes) and last[0] == picture)):
                name = last[1]  # the screen did not change: the step shows the earlier step's file
            else:
                self._write_image(name, picture)
                self._last_picture = (picture, name)
        self._pending = _Pending(obs.step, obs.xml, name, size, obs.package, obs.activity)

    def check_device(self, device: Device) -> Device:
        """``device`` recording every call the check makes."""
        self.reads = ReadRecorder(device)
        return self.reads  # type: ignore[return-value]

    # ending a step --------------------------------------------------------------------------------------------

    def _device_now(self) -> Any:
        try:
            return self.device.now()
        except Exception:  # a device without a readable clock: the step's logcat is then not split
            return None

    def _logcat(self) -> list[str]:
        """The device's log lines since the step began (``logcat -v threadtime``), redacted. Reads start at the
        previous read's time, which a simulated clock may not have left: the lines that read returned are
        dropped."""
        if self._since is None:
            return []
        try:
            lines = self.device.logcat(self._since)
        except Exception as e:  # the trace says why instead of failing the episode
            return [f"(logcat unreadable: {type(e).__name__}: {e})"]
        self._since = self._device_now()
        new = [line for line in lines if line not in self._seen]
        self._seen = set(lines)
        return [redact(line) for line in new[-MAX_ITEMS * 5:]]

    def _end_step(self) -> None:
        step = self._pending
        if step is None:
            return
        self._pending = None
        exchanges = [self._exchange(step.index, n, e) for n, e in enumerate(self._agent_exchanges())]
        self._steps[step.index] = {"index": step.index, "xml": step.xml, "screenshot": step.screenshot,
                                   "size": step.size, "package": step.package, "activity": step.activity,
                                   "exchanges": exchanges, "logcat": self._logcat()}

    def _agent_exchanges(self) -> list[dict[str, Any]]:
        exchanges = getattr(self.agent, "step_exchanges", None)
        return list(exchanges) if isinstance(exchanges, list) else []

    def _exchange(self, index: int, n: int, exchange: dict[str, Any]) -> dict[str, Any]:
        """One model request and reply, redacted, its images saved as files beside the screens."""
        images: list[str] = []

        def part(p: Any) -> Any:
            url = p.get("image_url", {}).get("url", "") if isinstance(p, dict) and p.get("type") == "image_url" else ""
            if not url.startswith("data:"):
                return p
            name = f"screens/{index:03d}-m{n}{len(images)}.webp"
            self._write_image(name, base64.b64decode(url.split(",", 1)[1]), 720)
            images.append(name)
            return {"type": "image_url", "file": name}

        messages = [{**m, "content": [part(p) for p in m["content"]]} if isinstance(m.get("content"), list) else m
                    for m in exchange.get("messages", [])]
        kept = {**{k: v for k, v in exchange.items() if k != "messages"}, "messages": messages, "images": images}
        return redact_json(cap_json(json.loads(json.dumps(kept, default=str))))

    # the end ----------------------------------------------------------------------------------------------------

    def finish(self, result: EpisodeResult, task: Task | None = None,
               truth: Sequence[dict[str, Any]] | None = None, options: MetricOptions | None = None,
               extra_log: Sequence[dict[str, Any]] = (), outcome: str = "") -> Path | None:
        """Write the trace of the finished ``result``; its viewer's path, or None when no step was observed."""
        self._end_step()
        self._drain()
        if self._writer is not None:
            self._writer.shutdown()
            self._writer = None
        if not self._steps:
            return None
        record = redact_json(json.loads(json.dumps(result.to_json(), default=str)))
        if outcome:
            record["outcome"] = outcome
        records = {s["index"]: (n, s) for n, s in enumerate(record["steps"])}
        (self.folder / "steps").mkdir(exist_ok=True)
        steps = []
        for index, seen in sorted(self._steps.items()):
            position, step_record = records.get(index, (None, None))
            summary, detail = step_entry(seen, step_record, result.agent_error)
            summary["record"] = position
            name = f"steps/{index:03d}.js"
            write_file(self.folder / name, _script("maTraceStep", index, packed(detail)))
            steps.append({**summary, "detail": name})
        manifest = {
            "format": FORMAT, "kind": KIND, "written_by": f"pytest-mobileagent {_version()}",
            "episode": record, "steps": steps,
            "check": redact_json(cap_json(self._check(result, extra_log))),
            "benchmark": redact_json(cap_json(benchmark_view(result, task, truth, options))),
        }
        if (self.folder / "final.png").is_file():  # --ma-screenshots: the screen the check judged
            manifest["check"]["final_screen"] = "final.png"
        manifest["files"] = sorted({s["screenshot"] for s in steps if s["screenshot"]} | {s["detail"] for s in steps}
                                   | {i for s in steps for i in s.get("images", [])}
                                   | ({"final.png"} if "final_screen" in manifest["check"] else set()))
        write_file(self.folder / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))
        write_file(self.folder / MANIFEST_JS, _script("maTrace", manifest))
        return write_viewer(self.folder)

    def _check(self, result: EpisodeResult, extra_log: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The check's own view: its score, the judge's exchanges, the device reads. The verdicts, the answer and
        what the check saw (:data:`CHECK_RECORD_FIELDS`) are the episode's record's, stored once there."""
        judge = [e for e in extra_log if e.get("role") == "judge"]
        return {"score": result.state_success, "judge": judge,
                "reads": self.reads.reads if self.reads is not None else None}


def step_entry(seen: dict[str, Any], record: dict[str, Any] | None,
               agent_error: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A step's manifest entry (what the filmstrip and the action pane show) and its detail (tree, observation,
    exchanges, logcat)."""
    record = record or {}
    action = record.get("action")
    exchanges = seen["exchanges"]
    model_s = round(sum(float(e.get("latency_s") or 0) for e in exchanges), 6)
    agent_s = float(record.get("agent_s") or 0)
    timings = {"agent_s": round(max(agent_s - model_s, 0.0), 6), "model_s": model_s,
               "device_s": round(float(record.get("observe_s") or 0) + float(record.get("act_s") or 0), 6),
               "observe_s": record.get("observe_s"), "act_s": record.get("act_s")}
    target = target_node(seen["xml"], action) if action else None
    # the step's record (its action, error, usage, command...) is the episode's, not copied here: the manifest's
    # "record" names it (set by the caller) and load_trace / the viewer join it (STEP_RECORD_FIELDS)
    summary = {"index": seen["index"], "screenshot": seen["screenshot"], "size": list(seen["size"]),
               "package": seen["package"], "activity": seen["activity"],
               "drawn": drawn(action, seen["xml"], seen["size"]) if action else None, "target": target,
               "timings": timings, "logcat_lines": len(seen["logcat"]), "exchanges": len(exchanges),
               "images": [i for e in exchanges for i in e.get("images", [])]}
    if not record:  # the agent raised before the step had a record
        summary["error"] = cap(agent_error or "the agent raised")
    detail = {"tree": redact(seen["xml"]), "observation": cap_json(observation_of(seen["xml"], exchanges)),
              "exchanges": exchanges, "logcat": cap_json(seen["logcat"])}
    return redact_json(cap_json(summary)), detail


def observation_of(xml: str, exchanges: list[dict[str, Any]]) -> dict[str, Any]:
    """What the agent was shown: a model agent's last request (its text and images, exactly as sent); else the
    element list the :class:`~pytest_mobileagent.observe.elements.Observation` carries."""
    if exchanges:
        last = exchanges[-1]
        texts, images = [], list(last.get("images", []))
        for m in last.get("messages", []):
            content = m.get("content")
            parts = content if isinstance(content, list) else [{"type": "text", "text": content}]
            texts += [f"[{m.get('role')}]\n{p.get('text', '')}" for p in parts if p.get("type") == "text"]
        return {"kind": "model request", "text": "\n\n".join(texts), "images": images}
    from pytest_mobileagent.observe.elements import element_lines, ui_elements

    try:
        text = element_lines(ui_elements(xml))
    except Exception as e:  # a malformed dump: the tree pane shows it as it came
        text = f"(the UI tree does not parse: {e})"
    return {"kind": "element list (the agent called no model; it got the Observation: this list, the tree, "
                    "the screenshot)", "text": redact(text), "images": []}


def target_node(xml: str, action: dict[str, Any]) -> dict[str, Any] | None:
    """The node an action aimed at in that step's tree: its xpath, bounds and position among the tree's elements
    (document order, what the viewer highlights). An index or xpath names it; coordinates hit the deepest node
    whose bounds hold them."""
    from lxml import etree

    from pytest_mobileagent.observe.elements import Observation, parse_bounds

    try:
        screen = Observation("", 0, xml, "", "").screen
        root = screen.root
    except Exception:
        return None
    nodes = list(root.iter("node"))
    node = None
    index = action.get("index")
    if index is not None and 0 <= int(index) < len(screen.target_nodes):
        node = screen.target_nodes[int(index)][1]
    elif action.get("xpath"):
        try:
            found = [n for n in root.xpath(action["xpath"]) if isinstance(n, etree._Element)]
        except etree.XPathError:
            found = []
        node = found[0] if found else None
    elif action.get("x") is not None and action.get("y") is not None:
        x, y = int(action["x"]), int(action["y"])
        for candidate in nodes:  # document order: the last hit is the deepest, drawn on top
            try:
                x1, y1, x2, y2 = parse_bounds(candidate.get("bounds", ""))
            except Exception:
                continue
            if x1 <= x < x2 and y1 <= y < y2:
                node = candidate
    if node is None or node not in nodes:
        return None
    try:
        bounds = list(parse_bounds(node.get("bounds", "")))
    except Exception:
        bounds = None
    return {"xpath": root.getroottree().getpath(node), "bounds": bounds, "node": nodes.index(node),
            "text": node.get("text") or node.get("content-desc") or "", "resource_id": node.get("resource-id", "")}


def drawn(action: dict[str, Any], xml: str, size: Sequence[int]) -> dict[str, Any] | None:
    """Where the action went on the screen, in device pixels: ``point`` (a tap), ``path`` (a swipe or scroll, from
    where the finger touched to where it lifted, as :func:`~pytest_mobileagent.actions.execute` moves it). The
    typed text is the action's (the viewer shows it on the screen), not copied here."""
    from pytest_mobileagent.actions import Action, InvalidAction, scroll_points
    from pytest_mobileagent.observe.elements import Observation
    from pytest_mobileagent.report.trajectory import action_point

    out: dict[str, Any] = {}
    kind = action.get("action_type")
    if kind in ("scroll", "swipe"):
        try:
            step = Action.from_dict(action)
            points = scroll_points(step, (int(size[0]), int(size[1])), Observation("", 0, xml, "", ""))
            out["path"] = [list(points[:2]), list(points[2:])]
        except (InvalidAction, ValueError, IndexError, KeyError):
            pass
    elif kind not in ("open_app", "stop_app", "status", "answer", "api_call"):
        point = action_point(action, xml)
        if point is not None:
            out["point"] = list(point)
    if kind == "dual_gesture" and action.get("gesture"):
        touch_y, touch_x, lift_y, lift_x = action["gesture"]
        w, h = int(size[0]), int(size[1])
        out["path"] = [[round(touch_x * w), round(touch_y * h)], [round(lift_x * w), round(lift_y * h)]]
    return out or None


def benchmark_view(result: EpisodeResult, task: Task | None, truth: Sequence[dict[str, Any]] | None,
                   options: MetricOptions | None) -> dict[str, Any]:
    """The benchmark's own view of the episode, where it has one: ``metrics`` (every value of ``result.metrics``);
    ``alignment`` (AndroidArena: the reference steps against the agent's by the LCS); ``checkpoints`` (Mobile-Bench:
    each check point reached or missed); ``constraint_violations``."""
    view: dict[str, Any] = {"metrics": dict(result.metrics),
                            "constraint_violations": list(result.constraint_violations)}
    if truth:
        view["alignment"] = alignment(truth, result, options)
    check_point = getattr(task, "check_point", None) if task is not None else None
    if check_point:
        view["checkpoints"] = checkpoints(check_point, result)
    return view


def alignment(truth: Sequence[dict[str, Any]], result: EpisodeResult,
              options: MetricOptions | None) -> dict[str, Any]:
    """AndroidArena's view: each reference step, and the agent step the longest common subsequence pairs it with
    (None where the agent never did it), by the equivalence the metrics use."""
    from pytest_mobileagent.episode import MetricOptions
    from pytest_mobileagent.metrics.androidarena import aligned_steps
    from pytest_mobileagent.metrics.arena_steps import without_finish

    options = options or MetricOptions()
    steps = [vars(s) for s in result.steps]
    reference = without_finish(list(truth))
    pairs = dict(aligned_steps(truth, steps, options.text_rule, options.text_similarity))
    return {"reference": [{"action": a, "step": steps[pairs[i]]["index"] if i in pairs else None}
                          for i, a in enumerate(reference)],
            "matched": len(pairs), "total": len(reference)}


def checkpoints(check_point: dict[str, Any], result: EpisodeResult) -> list[dict[str, Any]]:
    """Mobile-Bench's view: every check point item with whether the episode's history reached it."""
    from pytest_mobileagent.metrics.checkpoint import FIELDS, history_of, score_value

    history = history_of([vars(s) for s in result.steps])
    items = []
    for name in FIELDS:
        value = check_point.get(name)
        if not value:
            continue
        values = [value] if isinstance(value, str) or str(value[0]) in ("|", "&") else list(value)
        for v in values:
            passed, _ = score_value(v, history)
            items.append({"field": name, "value": v, "reached": bool(passed)})
    return items


# -- reading ------------------------------------------------------------------------------------------------------


def trace_folder(path: Path) -> Path:
    """The trace folder ``path`` names: the folder, or its trace.json or index.html."""
    return path.parent if path.name in (MANIFEST, VIEWER, MANIFEST_JS) else path


def load_trace(path: Path) -> dict[str, Any]:
    """The manifest of the trace folder ``path``; :class:`TraceError` naming what is missing or wrong."""
    folder = trace_folder(path)
    if not folder.exists():
        raise TraceError(f"{folder}: no such file or folder")
    if not folder.is_dir():
        raise TraceError(f"{folder} is not a trace folder or a zip of one")
    manifest_path = folder / MANIFEST
    if not manifest_path.is_file():
        raise TraceError(_not_a_trace(folder))
    try:
        manifest = loads(manifest_path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise TraceError(f"{manifest_path} is truncated or not JSON ({e}): the episode's trace was cut off; "
                         "run the item again with --ma-trajectories on") from None
    if not isinstance(manifest, dict) or manifest.get("kind") != KIND:
        raise TraceError(f"{manifest_path} is not a pytest-mobileagent trace manifest (no \"kind\": \"{KIND}\")")
    if manifest.get("format") not in _READABLE or type(manifest.get("format")) is not int:
        raise TraceError(f"{manifest_path} is trace format {manifest.get('format')!r}, written by "
                         f"{manifest.get('written_by', 'an unknown version')}; this version reads format {FORMAT} "
                         "and older: open it with the version that wrote it, or record the run again")
    _join_records(manifest)
    missing = [name for name in manifest.get("files", []) if not (folder / name).is_file()]
    if missing:
        shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        raise TraceError(f"{folder}: {len(missing)} of the trace's {len(manifest['files'])} files are missing: "
                         f"{shown}")
    return manifest


def _join_records(manifest: dict[str, Any]) -> None:
    """Each step's entry with its record's :data:`STEP_RECORD_FIELDS` (the record ``episode.steps[record]``; a
    step without one keeps what its entry says), and ``check`` with the episode's :data:`CHECK_RECORD_FIELDS`, as
    the viewer shows them."""
    episode = manifest.get("episode")
    check = manifest.get("check")
    if isinstance(episode, dict) and isinstance(check, dict):
        for name in CHECK_RECORD_FIELDS:
            check.setdefault(name, episode.get(name))
    records = episode.get("steps") if isinstance(episode, dict) else None
    for step in manifest.get("steps") or []:
        n = step.get("record") if isinstance(step, dict) else None
        found = records[n] if isinstance(records, list) and type(n) is int and 0 <= n < len(records) else {}
        if isinstance(step, dict):
            for name in STEP_RECORD_FIELDS:
                step.setdefault(name, found.get(name) if isinstance(found, dict) else None)


def _not_a_trace(folder: Path) -> str:
    runs = sorted(p.parent.name for p in (folder / "trajectories").glob(f"*/{MANIFEST}"))
    if runs:
        return (f"{folder} is a run folder, not a trace: its traces are under trajectories/ "
                f"({', '.join(runs[:5])}{' ...' if len(runs) > 5 else ''}); give one of them")
    if any(folder.glob("step-*.png")):
        return (f"{folder} has no {MANIFEST}: it holds step screens of an older run (before traces); "
                "record the run again with --ma-trajectories on")
    return f"{folder} has no {MANIFEST}: not a trace (traces are written by --ma-trajectories on|failed)"


def read_step(folder: Path, entry: dict[str, Any]) -> dict[str, Any]:
    """A step's detail (``tree``, ``observation``, ``exchanges``, ``logcat``) from its ``steps/NNN.js``."""
    text = (folder / entry["detail"]).read_text(encoding="utf-8")
    start, end = text.index('"', text.index(",")), text.rindex('"')
    return unpacked(loads(text[start:end + 1]))


def write_viewer(folder: Path) -> Path:
    """(Re)write the trace's viewer page from this version's package data (replacing a link there, never writing
    through it)."""
    return write_file(folder / VIEWER, viewer_html())


__all__ = ["FORMAT", "MANIFEST", "VIEWER", "ReadRecorder", "TraceError", "TraceRecorder", "alignment",
           "benchmark_view", "checkpoints", "drawn", "load_trace", "packed", "read_step", "target_node",
           "trace_folder", "unpacked", "webp", "write_viewer"]
