"""The model client's HTTP transport: a total deadline per request and a cap on the size of a reply.

httpx's timeouts are per operation (connect, each read, each write), so an endpoint sending one byte every few
seconds is never cut by them. :class:`BoundedTransport` is httpx's own transport whose sockets take, for every
connect, read and write, the smaller of httpx's timeout and the time left until the request's deadline: the
request's timeout (``--ma-llm-timeout``) counted once from its start, headers and body included. Past it the
socket operation raises httpx's timeout error (``openai.APITimeoutError`` for the client), as a plain timeout does.

The reply's body is read at most :data:`MAX_REPLY_BYTES` far: past that, :class:`ReplyTooLarge` ends the read
(the connection is dropped, nothing more is held). Replies are asked uncompressed (``Accept-Encoding:
identity``) so that the cap is on what is held in memory; a compressed reply anyway is refused
(``httpx.DecodingError``), as a compression bomb could expand past any cap.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Iterator
from typing import Any

import httpcore
import httpx

#: The most bytes of one reply body read (a chat reply is a few kilobytes; a 4 MiB one is no answer).
MAX_REPLY_BYTES = 4 * 1024 * 1024

#: The monotonic time the request in flight must end by (None: no deadline).
_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("ma_llm_deadline", default=None)


class ReplyTooLarge(Exception):
    """A reply body longer than the cap; reading stopped there."""

    def __init__(self, status_code: int, limit: int) -> None:
        super().__init__(f"HTTP {status_code} reply over {limit} bytes: read no further")
        self.status_code = status_code
        self.limit = limit


def _left(timeout: float | None, error: type[Exception]) -> float | None:
    """``timeout`` shortened to the time left before the deadline; ``error`` once none is left."""
    deadline = _DEADLINE.get()
    if deadline is None:
        return timeout
    left = deadline - time.monotonic()
    if left <= 0:
        raise error("the request's total time (--ma-llm-timeout) passed")
    return left if timeout is None else min(timeout, left)


class _Stream(httpcore.NetworkStream):
    """A connection whose every read and write ends by the deadline of the request using it."""

    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        return _Stream(self._inner.start_tls(ssl_context, server_hostname, _left(timeout, httpcore.ConnectTimeout)))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _Backend(httpcore.NetworkBackend):
    """httpcore's network backend, its connections made :class:`_Stream`."""

    def __init__(self, inner: httpcore.NetworkBackend) -> None:
        self._inner = inner

    def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                    socket_options: Any = None) -> httpcore.NetworkStream:
        return _Stream(self._inner.connect_tcp(host, port, _left(timeout, httpcore.ConnectTimeout), local_address,
                                               socket_options))

    def connect_unix_socket(self, path: str, timeout: float | None = None,
                            socket_options: Any = None) -> httpcore.NetworkStream:
        return _Stream(self._inner.connect_unix_socket(path, _left(timeout, httpcore.ConnectTimeout), socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class _Body(httpx.SyncByteStream):
    """A reply body read under its request's deadline, and at most ``limit`` bytes of it."""

    def __init__(self, inner: httpx.SyncByteStream, deadline: float | None, status_code: int, limit: int) -> None:
        self._inner, self._deadline, self._status_code, self._limit = inner, deadline, status_code, limit

    def __iter__(self) -> Iterator[bytes]:
        chunks = iter(self._inner)
        size = 0
        while True:
            token = _DEADLINE.set(self._deadline)
            try:
                chunk = next(chunks, None)
            finally:
                _DEADLINE.reset(token)
            if chunk is None:
                return
            size += len(chunk)
            if size > self._limit:
                raise ReplyTooLarge(self._status_code, self._limit)
            yield chunk

    def close(self) -> None:
        self._inner.close()


class BoundedTransport(httpx.HTTPTransport):
    """httpx's transport with a total deadline per request (its largest timeout, counted from its start) and
    at most ``max_reply_bytes`` of a reply read."""

    def __init__(self, max_reply_bytes: int = MAX_REPLY_BYTES, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_reply_bytes = max_reply_bytes
        # httpx builds its connection pool without a way to pass a network backend: wrap the pool's own
        self._pool._network_backend = _Backend(self._pool._network_backend)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        timeouts = [t for t in (request.extensions.get("timeout") or {}).values() if t is not None]
        deadline = time.monotonic() + max(timeouts) if timeouts else None
        request.headers["Accept-Encoding"] = "identity"
        token = _DEADLINE.set(deadline)
        try:
            response = super().handle_request(request)
        finally:
            _DEADLINE.reset(token)
        encoding = response.headers.get("Content-Encoding", "identity").strip().lower()
        if encoding not in ("", "identity"):
            response.close()
            raise httpx.DecodingError(f"a {encoding}-compressed reply, though an uncompressed one was asked for",
                                      request=request)
        assert isinstance(response.stream, httpx.SyncByteStream)
        return httpx.Response(response.status_code, headers=response.headers, extensions=response.extensions,
                              stream=_Body(response.stream, deadline, response.status_code, self.max_reply_bytes))


def too_large(error: BaseException) -> ReplyTooLarge | None:
    """The :class:`ReplyTooLarge` behind ``error`` (the openai client wraps it), if that is what it was."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, ReplyTooLarge):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


__all__ = ["MAX_REPLY_BYTES", "BoundedTransport", "ReplyTooLarge", "too_large"]
