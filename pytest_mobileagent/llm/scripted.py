"""A local OpenAI-compatible chat server that plays scripted responses, for testing agents without a model.

    with ScriptedServer(["Reason: ...\nAction: {\"action_type\": \"navigate_home\"}"]) as server:
        pytest ... --agent t3a --ma-llm-base-url {server.base_url}

Each script entry answers one request, in order: a string (the model's text), or a dict with
``text``, ``status`` (an HTTP error such as 429 or 503), ``delay`` (seconds before answering),
``hang`` (never answer), ``truncate`` (HTTP 200 with the JSON body cut after that many bytes), ``drip`` (the
whole answer, status line included, sent one byte every that many seconds) or ``huge`` (a reply whose text is
that many bytes, streamed without being held).
A callable entry is called with the request's JSON and returns an entry,
so a script can read the prompt. When the script runs out, ``default`` answers. ``requests`` holds
what was received (headers without the key) for assertions, ``paths`` the request paths (query included).
``GET /v1/models`` lists ``models``, as real
endpoints list what they serve (the plugin's preflight checks the model is among them). With ``api_key``, a
request without that bearer key gets HTTP 401, as a real endpoint refuses a wrong key.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Entry = str | dict[str, Any] | Callable[[dict[str, Any]], Any]


class ScriptedServer:
    def __init__(self, script: Iterable[Entry] = (), default: Entry | None = None,
                 models: Sequence[str] = ("scripted-1",), api_key: str | None = None):
        self.script: list[Entry] = list(script)
        self.models = list(models)
        self.api_key = api_key
        self.default = default
        self.requests: list[dict[str, Any]] = []
        self.authorizations: list[str] = []
        self.paths: list[str] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _refused(self) -> bool:
                if server.api_key is None or self.headers.get("Authorization") == f"Bearer {server.api_key}":
                    return False
                self._send(401, {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error",
                                           "code": "invalid_api_key"}})
                return True

            def do_GET(self) -> None:
                if self._refused():
                    return
                if self.path.rstrip("/") != "/v1/models":
                    self._send(404, {"error": {"message": f"no route {self.path}", "code": 404}})
                    return
                self._send(200, {"object": "list", "data": [{"id": m, "object": "model", "created": 1697384040,
                                                             "owned_by": "scripted"} for m in server.models]})

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _huge(self, size: int) -> None:
                head, tail = b'{"object": "chat.completion", "choices": [{"index": 0, "message": {"role": ' \
                    b'"assistant", "content": "', b'"}, "finish_reason": "stop"}]}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(head) + size + len(tail)))
                self.end_headers()
                chunk = b"x" * 65536
                try:
                    self.wfile.write(head)
                    for sent in range(0, size, len(chunk)):
                        self.wfile.write(chunk[:size - sent])
                    self.wfile.write(tail)
                except OSError:  # the client stopped reading
                    pass

            def _drip(self, interval: float, text: str) -> None:
                data = json.dumps({"id": "chatcmpl-drip", "object": "chat.completion", "created": 1697384040,
                                   "model": "scripted", "choices": [{"index": 0, "finish_reason": "stop", "message":
                                                                     {"role": "assistant", "content": text}}]}).encode()
                raw = (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
                       "Connection: close\r\n\r\n").encode() + data
                for i in range(len(raw)):
                    if server._stop.wait(interval):
                        return
                    try:
                        self.wfile.write(raw[i:i + 1])
                    except OSError:  # the client gave up
                        return
                self.close_connection = True

            def do_POST(self) -> None:
                if self._refused():
                    return
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                with server._lock:
                    server.requests.append(body)
                    server.authorizations.append(self.headers.get("Authorization", ""))
                    server.paths.append(self.path)
                    entry = server.script.pop(0) if server.script else server.default
                if callable(entry):
                    entry = entry(body)
                if entry is None:
                    entry = {"status": 500, "text": "the script ran out"}
                if isinstance(entry, str):
                    entry = {"text": entry}
                if entry.get("hang"):
                    server._stop.wait(float(entry["hang"]))
                    return
                if entry.get("delay"):
                    time.sleep(float(entry["delay"]))
                if entry.get("huge"):
                    self._huge(int(entry["huge"]))
                    return
                if entry.get("drip"):
                    self._drip(float(entry["drip"]), str(entry.get("text", "")))
                    return
                if "truncate" in entry:  # a 200 whose JSON body is cut off after that many bytes
                    data = json.dumps({"id": "chatcmpl-cut", "object": "chat.completion", "choices": []}).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(int(entry["truncate"])))
                    self.end_headers()
                    self.wfile.write(data[:int(entry["truncate"])])
                    return
                status = int(entry.get("status", 200))
                if status != 200:
                    payload = {"error": {"message": entry.get("text", "scripted error"), "type": "scripted",
                                         "code": status}}
                else:
                    text = str(entry.get("text", ""))
                    prompt_tokens = sum(len(str(m.get("content", ""))) for m in body.get("messages", [])) // 4
                    payload = {"id": f"chatcmpl-{len(server.requests)}", "object": "chat.completion",
                               "created": 1697384040, "model": body.get("model", "scripted"),
                               "choices": [{"index": 0, "finish_reason": "stop",
                                            "message": {"role": "assistant", "content": text}}],
                               "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": len(text) // 4,
                                         "total_tokens": prompt_tokens + len(text) // 4}}
                self._send(status, payload)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True, name="scripted-llm")

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> ScriptedServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()


__all__ = ["ScriptedServer"]
