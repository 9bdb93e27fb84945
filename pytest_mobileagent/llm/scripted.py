"""A local OpenAI-compatible chat server that plays scripted responses, for testing agents without a model.

    with ScriptedServer(["Reason: ...\nAction: {\"action_type\": \"navigate_home\"}"]) as server:
        pytest ... --agent t3a --ma-llm-base-url {server.base_url}

Each script entry answers one request, in order: a string (the model's text), or a dict with
``text``, ``status`` (an HTTP error such as 429 or 503), ``delay`` (seconds before answering),
``hang`` (never answer) or ``truncate`` (HTTP 200 with the JSON body cut after that many bytes).
A callable entry is called with the request's JSON and returns an entry,
so a script can read the prompt. When the script runs out, ``default`` answers. ``requests`` holds
what was received (headers without the key) for assertions. ``GET /v1/models`` lists ``models``, as real
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

            def do_POST(self) -> None:
                if self._refused():
                    return
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                with server._lock:
                    server.requests.append(body)
                    server.authorizations.append(self.headers.get("Authorization", ""))
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
