"""``ma-datasets``: fetching from mirrors (a folder, a local HTTP server, GitHub's address form), refusing
files whose sha256 differs, skipping verified files, ``list``/``path``; and the pinned manifest itself.

Nothing here touches the network beyond 127.0.0.1: GitHub's raw addresses are checked by intercepting urlopen.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import io
import re
import shutil
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_mobileagent import datasets_cli, datasets_manifest
from pytest_mobileagent.datasets_cli import main
from pytest_mobileagent.datasets_manifest import SOURCES, Source
from tests.published import published_file

#: A tiny mirror: names with the characters B-MoCA's carry (quote, %, space, ÷) to exercise URL quoting.
FILES = {
    "alpha": {"notes.txt": b"alpha notes\n", "tasks/input_'50%28'_in ÷.textproto": b"name: 'x'\n"},
    "beta": {"data.json": b'{"beta": 1}\n'},
}
COMMIT = "0123456789abcdef0123456789abcdef01234567"


def listing(files: dict[str, bytes]) -> str:
    return "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in files.items())


@pytest.fixture
def mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A mirror folder laid out as ``<name>/<file>``, with the manifest replaced by one describing it."""
    root = tmp_path / "mirror"
    for name, files in FILES.items():
        for file, data in files.items():
            (root / name / file).parent.mkdir(parents=True, exist_ok=True)
            (root / name / file).write_bytes(data)
    monkeypatch.setattr(datasets_manifest, "SOURCES", {
        "alpha": Source("example/alpha", COMMIT, listing(FILES["alpha"]), {"tasks/": "asset/tasks/"}),
        "beta": Source("example/beta", COMMIT, listing(FILES["beta"]), {"": "data/"}),
    })
    monkeypatch.delenv("MA_DATASETS", raising=False)
    return root


def written(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (temporary ``.part`` files included), by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def expected(*names: str) -> dict[str, bytes]:
    return {f"{name}/{file}": data for name in names for file, data in FILES[name].items()}


def test_fetch_from_a_mirror_folder_writes_the_verified_files(mirror: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "datasets"
    assert main(["fetch", "--from", str(mirror), "--dir", str(target)]) == 0
    assert written(target) == expected("alpha", "beta")
    out = capsys.readouterr().out
    assert re.search(r"^alpha +2 fetched +\(example/alpha@0123456789 -> ", out, re.M)
    assert re.search(r"^beta +1 fetched", out, re.M)


def test_fetch_names_one_benchmark(mirror: Path, tmp_path: Path) -> None:
    assert main(["fetch", "beta", "--from", str(mirror), "--dir", str(tmp_path / "d")]) == 0
    assert written(tmp_path / "d") == expected("beta")


def test_unknown_benchmark_is_a_usage_error(mirror: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fetch", "gamma"])
    assert exit_.value.code == 2
    assert "unknown benchmark gamma (choose from alpha, beta)" in capsys.readouterr().err


def test_a_corrupted_mirror_file_is_refused_and_not_written(mirror: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    (mirror / "alpha" / "notes.txt").write_bytes(b"alpha notes, tampered\n")
    target = tmp_path / "datasets"
    assert main(["fetch", "alpha", "--from", str(mirror), "--dir", str(target)]) == 1
    # the bad file is absent, no temporary file is left behind; its sibling was verified, so it is in place
    assert written(target) == {"alpha/tasks/input_'50%28'_in ÷.textproto": b"name: 'x'\n"}
    err = capsys.readouterr().err.strip().splitlines()
    good = hashlib.sha256(FILES["alpha"]["notes.txt"]).hexdigest()
    bad = hashlib.sha256(b"alpha notes, tampered\n").hexdigest()
    assert err == [f"ma-datasets: alpha/notes.txt refused: sha256 {bad} from {mirror / 'alpha' / 'notes.txt'}, "
                   f"expected {good}"]


def test_a_modified_local_copy_is_replaced_and_a_verified_one_is_left_alone(
        mirror: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "datasets"
    assert main(["fetch", "--from", str(mirror), "--dir", str(target)]) == 0
    kept, edited = target / "beta" / "data.json", target / "alpha" / "notes.txt"
    before = kept.stat()
    edited.write_bytes(b"edited by hand\n")
    capsys.readouterr()
    assert main(["fetch", "--from", str(mirror), "--dir", str(target)]) == 0
    assert (kept.stat().st_ino, kept.stat().st_mtime_ns) == (before.st_ino, before.st_mtime_ns)  # not rewritten
    assert written(target) == expected("alpha", "beta")
    out = capsys.readouterr().out
    assert re.search(r"^alpha +1 fetched, 1 already verified ", out, re.M)
    assert re.search(r"^beta +1 already verified ", out, re.M)


def test_verified_files_need_no_source_at_all(mirror: Path, tmp_path: Path) -> None:
    target = tmp_path / "datasets"
    assert main(["fetch", "--from", str(mirror), "--dir", str(target)]) == 0
    shutil.rmtree(mirror)
    mirror.mkdir()  # an empty mirror: every file is already in place, nothing is read
    assert main(["fetch", "--from", str(mirror), "--dir", str(target)]) == 0


def test_a_file_missing_from_the_mirror_is_one_line(mirror: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (mirror / "beta" / "data.json").unlink()
    assert main(["fetch", "--from", str(mirror), "--dir", str(tmp_path / "d")]) == 1
    assert written(tmp_path / "d") == expected("alpha")
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ma-datasets: beta/data.json: cannot read ")


def test_a_missing_mirror_folder_is_one_line(mirror: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fetch", "--from", str(tmp_path / "nowhere"), "--dir", str(tmp_path / "d")]) == 1
    assert capsys.readouterr().err == f"ma-datasets: --from {tmp_path / 'nowhere'}: no such folder\n"
    assert not (tmp_path / "d").exists()


def test_a_failed_write_leaves_no_temporary_file(mirror: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(datasets_cli.os, "replace", refuse)
    target = tmp_path / "datasets"
    assert main(["fetch", "beta", "--from", str(mirror), "--dir", str(target)]) == 1
    assert written(target) == {}
    assert capsys.readouterr().err == f"ma-datasets: cannot write into {target}: No space left on device\n"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # keep the test output clean
        pass


@pytest.fixture
def served(mirror: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The mirror folder over HTTP on 127.0.0.1, from a server thread."""
    monkeypatch.setenv("no_proxy", "*")  # a proxy set in the environment must not see 127.0.0.1
    monkeypatch.setenv("NO_PROXY", "*")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(QuietHandler, directory=str(mirror)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_fetch_from_a_mirror_url(served: str, mirror: Path, tmp_path: Path) -> None:
    target = tmp_path / "datasets"
    assert main(["fetch", "--from", served, "--dir", str(target)]) == 0
    assert written(target) == expected("alpha", "beta")


def test_a_mirror_url_missing_a_file_says_http_404(served: str, mirror: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (mirror / "alpha" / "notes.txt").unlink()
    assert main(["fetch", "alpha", "--from", served, "--dir", str(tmp_path / "d")]) == 1
    err = capsys.readouterr().err
    assert err == f"ma-datasets: alpha/notes.txt: HTTP 404 File not found ({served}alpha/notes.txt)\n"


def test_an_unreachable_source_is_one_line_without_traceback(mirror: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("no_proxy", "*")
    with socket.socket() as probe:  # a port that was free a moment ago: connections are refused
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["fetch", "--from", f"http://127.0.0.1:{port}", "--dir", str(tmp_path / "d")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"ma-datasets: cannot reach 127.0.0.1:{port}: [Errno 111] Connection refused"]
    assert not (tmp_path / "d").exists()


def test_default_source_is_github_raw_at_the_pinned_commit(mirror: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    raw = "https://raw.githubusercontent.com/example/{}/" + COMMIT + "/"
    github = {  # the repository paths come from the manifest's ``paths``; names are percent-encoded
        raw.format("alpha") + "notes.txt": FILES["alpha"]["notes.txt"],
        raw.format("alpha") + "asset/tasks/input_%2750%2528%27_in%20%C3%B7.textproto":
            FILES["alpha"]["tasks/input_'50%28'_in ÷.textproto"],
        raw.format("beta") + "data/data.json": FILES["beta"]["data.json"],
    }
    asked: list[str] = []

    def urlopen(request: urllib.request.Request, timeout: float) -> io.BytesIO:
        asked.append(request.full_url)
        return io.BytesIO(github[request.full_url])

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    assert main(["fetch", "--dir", str(tmp_path / "d")]) == 0
    assert written(tmp_path / "d") == expected("alpha", "beta")
    assert sorted(asked) == sorted(github)


def test_list_reports_verified_missing_and_modified(mirror: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "datasets"
    assert main(["fetch", "alpha", "--from", str(mirror), "--dir", str(target)]) == 0
    capsys.readouterr()
    assert main(["list", "--dir", str(target)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"datasets folder: {target} (--dir)",
        "alpha         verified     2/2   example/alpha@0123456789",
        "beta          missing      0/1   example/beta@0123456789",
    ]
    (target / "alpha" / "notes.txt").write_text("changed")
    (target / "beta").mkdir()
    (target / "beta" / "data.json").write_bytes(FILES["beta"]["data.json"])
    (target / "alpha" / "tasks" / "input_'50%28'_in ÷.textproto").unlink()
    assert main(["list", "--dir", str(target)]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "alpha         incomplete   0/2   example/alpha@0123456789; missing: tasks/input_'50%28'_in ÷.textproto; "
        "modified: notes.txt",
        "beta          verified     1/1   example/beta@0123456789",
    ]


def test_path_and_list_follow_ma_datasets(mirror: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MA_DATASETS", str(tmp_path / "env"))
    assert main(["path"]) == 0
    assert main(["path", "--dir", str(tmp_path / "opt")]) == 0  # --dir wins
    assert main(["list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [str(tmp_path / "env"), str(tmp_path / "opt"),
                       f"datasets folder: {tmp_path / 'env'} ($MA_DATASETS)"]


def test_the_installed_console_script(tmp_path: Path) -> None:
    script = shutil.which("ma-datasets", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("ma-datasets is not installed in this environment: `pip install -e .` registers it")
    done = subprocess.run([script, "list", "--dir", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"datasets folder: {tmp_path} (--dir)"
    assert [line.split()[:3] for line in done.stdout.splitlines()[1:]] == [
        [name, "missing", f"0/{len(source.entries)}"] for name, source in SOURCES.items()]


# -- the real manifest ---------------------------------------------------------------------------------


def test_the_manifest_pins_every_benchmark_file() -> None:
    assert list(SOURCES) == ["androidworld", "bmoca", "androidarena", "mobilebench", "androidarena-evaluator"]
    counts = {name: len(source.entries) for name, source in SOURCES.items()}
    assert counts == {"androidworld": 3, "bmoca": 135, "androidarena": 17, "mobilebench": 4,
                      "androidarena-evaluator": 1}
    for source in SOURCES.values():
        assert re.fullmatch(r"[0-9a-f]{40}", source.commit)
        names = [entry.name for entry in source.entries]
        assert len(set(names)) == len(names)
        assert all(re.fullmatch(r"[0-9a-f]{64}", entry.sha256) for entry in source.entries)
    assert sum(len(s.entries) for s in SOURCES.values()) == 160


@pytest.mark.parametrize(("name", "file", "path"), [
    ("androidworld", "information_retrieval_tasks.textproto",
     "android_world/task_evals/information_retrieval/proto/tasks.textproto"),
    ("androidworld", "LICENSE", "LICENSE"),
    ("bmoca", "LICENSE", "LICENSE"),
    ("bmoca", "environments_test.csv", "asset/environments/config/environments_test.csv"),
    ("bmoca", "tasks/clock/create_alarm_at_06:30_am.textproto", "asset/tasks/clock/create_alarm_at_06:30_am.textproto"),
    ("androidarena", "cross-app.yaml", "tasks/cross-app.yaml"),
    ("mobilebench", "api_list.json", "agent_for_api/api_list.json"),
    ("mobilebench", "app_list_MIUI.json", "app_list_MIUI.json"),
])
def test_manifest_paths_in_the_repositories(name: str, file: str, path: str) -> None:
    entry = next(e for e in SOURCES[name].entries if e.name == file)
    assert entry.path == path


def test_raw_addresses_percent_encode_bmoca_names() -> None:
    source = SOURCES["bmoca"]
    entry = next(e for e in source.entries if e.name.startswith("tasks/calculator/compute_50%"))
    assert source.url(entry) == (
        "https://raw.githubusercontent.com/gimme1dollar/b-moca/9c56c16ecfec1c012ec9f5804cc4ec6e5abb7877/"
        "asset/tasks/calculator/compute_50%25_of_28_%28%2750%2528%27%29_in_Calculator.textproto")


@pytest.mark.parametrize("name", list(SOURCES))
def test_published_files_in_the_datasets_folder_match_the_manifest(name: str, request: pytest.FixtureRequest,
                                                                   tmp_path: Path) -> None:
    folder = published_file(request.config, name)
    # the datasets folder as a mirror: every file it has must verify, and fetching from it completes
    assert main(["fetch", name, "--from", str(folder.parent), "--dir", str(tmp_path)]) == 0
