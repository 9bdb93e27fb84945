"""Object graphs as plain data: what a saved phone state stores instead of a pickle.

A graph is written as a flat table of *nodes* (MessagePack): each node is one container, class instance or
other non-scalar value, as a list ``[tag, ...]`` of scalars (None, booleans, 64-bit integers, floats, strings,
bytes) and references to other nodes (MessagePack extension type :data:`REF`, the node's index as 4 bytes
big-endian). The document is ``[root, nodes]``; the root is a scalar or a reference. Shared and cyclic
references stay shared and cyclic. The tags:

======  =================================================  ======  ===================================
``l``   list: its items                                    ``c``   a class: module, qualified name
``t``   tuple                                              ``o``   an instance: class, then name/value
``s``   set                                                        pairs of its attributes
``f``   frozenset                                          ``e``   an enum member: class, member name
``d``   dict: key, value, key, value...                    ``I``   an integer beyond 64 bits: decimal
``od``  OrderedDict                                        ``ba``  bytearray: its bytes
``dd``  defaultdict: its factory (a class or None), pairs  ``j``   complex: real, imaginary
``C``   Counter: pairs                                     ``dt``  datetime: y, m, d, H, M, S, us,
``q``   deque: maxlen, items                                       fold, tzinfo
``da``  date: y, m, d                                      ``ti``  time: H, M, S, us, fold, tzinfo
``td``  timedelta: days, seconds, microseconds             ``tz``  timezone: offset (a ``td``), name
``zi``  ZoneInfo: its key                                  ``r``   range: start, stop, step
======  =================================================  ======  ===================================

Reading runs nothing a file chooses: containers and values are built from their parts, and an instance is made
with ``object.__new__`` and given its attributes directly (no ``__init__``, ``__setstate__`` or ``__reduce__``),
only for classes the reader's ``admit`` function returns for a (module, qualified name); a class with its own
``__new__`` or ``__del__`` is never built. The table's shape is checked as it is read (no nesting inside a node,
so no depth to exhaust), and a reader bounds the bytes it accepts.
"""

from __future__ import annotations

import collections
import copy
import datetime as dt
import enum
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

#: The MessagePack extension type of a reference to a node.
REF = 1
#: A node's parts: None, bool, int, float, str, bytes or a reference (checked as the table is read).
Scalar = Any
_Document = tuple[Any, list[list[Any]]]
_DECODER = msgspec.msgpack.Decoder(_Document)
_ENCODER = msgspec.msgpack.Encoder()
#: Builtin classes a graph may name as values (a defaultdict's factory).
BUILTIN_CLASSES: dict[str, type] = {c.__name__: c for c in (list, dict, set, int, str, float, bool, tuple, bytes)}


class GraphError(ValueError):
    """A graph that cannot be written, or a document that is not a graph this module wrote (the message says
    what)."""


def _ref(index: int) -> msgspec.msgpack.Ext:
    return msgspec.msgpack.Ext(REF, index.to_bytes(4, "big"))


# -- writing ------------------------------------------------------------------------------------------------


class _Writer:
    def __init__(self, admit: Callable[[type], bool]):
        self.admit = admit
        self.nodes: list[list[Any] | None] = []
        self.memo: dict[int, int] = {}
        self.todo: list[tuple[int, Any]] = []
        self.keep: list[Any] = []  # copies made while writing, alive so that their ids are not reused

    def value(self, v: Any) -> Any:
        t = type(v)
        if v is None or t is bool or t is str or t is bytes or t is float:
            return v
        if t is int and -(2**63) <= v < 2**64:
            return v
        index = self.memo.get(id(v))
        if index is None:
            index = self.memo[id(v)] = len(self.nodes)
            self.nodes.append(None)
            self.todo.append((index, v))
        return _ref(index)

    def run(self, root: Any) -> bytes:
        first = self.value(root)
        while self.todo:
            index, v = self.todo.pop()
            self.nodes[index] = self.node(v)
        return _ENCODER.encode([first, self.nodes])

    def pairs(self, items: Any) -> list[Any]:
        out: list[Any] = []
        for k, v in items:
            out += (self.value(k), self.value(v))
        return out

    def cls(self, c: type) -> Any:
        if c.__module__ == "builtins" and BUILTIN_CLASSES.get(c.__name__) is c:
            return self.value(c)
        if not self.admit(c):
            raise GraphError(f"{c.__module__}.{c.__qualname__} is not a class a saved state may hold")
        return self.value(c)

    def node(self, v: Any) -> list[Any]:
        t = type(v)
        items = self.value
        if t is list:
            return ["l", *map(items, v)]
        if t is tuple:
            return ["t", *map(items, v)]
        if t is set:
            return ["s", *map(items, v)]
        if t is frozenset:
            return ["f", *map(items, v)]
        if t is dict:
            return ["d", *self.pairs(v.items())]
        if t is collections.OrderedDict:
            return ["od", *self.pairs(v.items())]
        if t is collections.defaultdict:
            factory = None if v.default_factory is None else self.cls(v.default_factory)
            return ["dd", factory, *self.pairs(v.items())]
        if t is collections.Counter:
            return ["C", *self.pairs(v.items())]
        if t is collections.deque:
            return ["q", v.maxlen, *map(items, v)]
        if t is int:
            return ["I", str(v)]
        if t is bytearray:
            return ["ba", bytes(v)]
        if t is complex:
            return ["j", v.real, v.imag]
        if t is range:
            return ["r", v.start, v.stop, v.step]
        if t is dt.datetime:
            return ["dt", v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond, v.fold,
                    items(v.tzinfo)]
        if t is dt.date:
            return ["da", v.year, v.month, v.day]
        if t is dt.time:
            return ["ti", v.hour, v.minute, v.second, v.microsecond, v.fold, items(v.tzinfo)]
        if t is dt.timedelta:
            return ["td", v.days, v.seconds, v.microseconds]
        if t is dt.timezone:
            offset, name = v.utcoffset(None), v.tzname(None)
            return ["tz", items(offset), None if name == dt.timezone(offset).tzname(None) else name]
        if t is ZoneInfo:
            return ["zi", v.key]
        if isinstance(v, type):
            return ["c", v.__module__, v.__qualname__]
        if isinstance(v, enum.Enum):
            return ["e", self.cls(t), v.name]
        return self.instance(v)

    def instance(self, v: Any) -> list[Any]:
        t = type(v)
        if not _buildable(t):
            raise GraphError(f"{t.__module__}.{t.__qualname__} cannot be saved (its own __new__ or __del__)")
        head = self.cls(t)
        if hasattr(t, "__deepcopy__"):  # it copies itself without what cannot be copied: save that copy
            v = copy.deepcopy(v)
            self.keep.append(v)
        attrs: dict[str, Any] = dict(getattr(v, "__dict__", {}))
        for name in _slots(t):
            if hasattr(v, name):
                attrs[name] = getattr(v, name)
        return ["o", head, *self.pairs(attrs.items())]


def _buildable(t: type) -> bool:
    """Whether instances of ``t`` are made by ``object.__new__`` and given up without a ``__del__``: the only
    instances a graph holds, since reading one calls nothing of their class."""
    return t.__new__ is object.__new__ and getattr(t, "__del__", None) is None


def _slots(t: type) -> list[str]:
    names = []
    for c in t.__mro__:
        slots = vars(c).get("__slots__", ())
        names += [slots] if isinstance(slots, str) else [s for s in slots if s not in ("__dict__", "__weakref__")]
    return names


def dumps(root: Any, admit: Callable[[type], bool]) -> bytes:
    """``root`` as a graph document; an instance of a class ``admit`` refuses is a :class:`GraphError`. Objects
    that define ``__deepcopy__`` are written as their deep copy (what a snapshot keeps of them)."""
    return _Writer(admit).run(root)


# -- reading ------------------------------------------------------------------------------------------------

_MUTABLE = {"l", "s", "d", "od", "dd", "C", "q", "o", "ba"}
_BUILT = {"t", "f", "e", "I", "j", "r", "dt", "da", "ti", "td", "tz", "zi", "c"}


class _Reader:
    def __init__(self, nodes: list[list[Scalar]], admit: Callable[[str, str], type]):
        self.nodes = nodes
        self.admit = admit
        self.out: list[Any] = [_UNSET] * len(nodes)

    def index(self, ref: Any) -> int:
        if type(ref) is not msgspec.msgpack.Ext or ref.code != REF or len(ref.data) != 4:
            raise GraphError(f"a reference was expected, not {type(ref).__name__}")
        i = int.from_bytes(ref.data, "big")
        if i >= len(self.nodes):
            raise GraphError(f"a reference to node {i} of {len(self.nodes)}")
        return i

    def val(self, v: Any) -> Any:
        """A scalar as it is, a reference as its (made) node."""
        if type(v) is msgspec.msgpack.Ext:
            made = self.out[self.index(v)]
            if made is _UNSET:
                raise GraphError("a reference to a node not made yet (a cycle of immutable values)")
            return made
        return v

    def cls(self, v: Any) -> type:
        made = self.val(v)
        if not isinstance(made, type):
            raise GraphError(f"a class was expected, not {type(made).__name__}")
        return made

    def run(self, root: Scalar) -> Any:
        for i, node in enumerate(self.nodes):  # containers and instances first, empty: anything may refer to them
            if not node or not isinstance(node[0], str) or node[0] not in _MUTABLE | _BUILT:
                raise GraphError(f"node {i} has no known tag")
            if node[0] in _MUTABLE and node[0] not in ("o", "dd"):
                self.out[i] = self.shell(node)
        for i, node in enumerate(self.nodes):  # classes, then instances (they need their class)
            if node[0] == "c":
                self.out[i] = self.build(node)
        for i, node in enumerate(self.nodes):
            if node[0] == "o":
                self.out[i] = self.instance_shell(node)
            elif node[0] == "dd":
                factory = None if node[1] is None else self.cls(node[1])
                self.out[i] = collections.defaultdict(factory)
        for i in range(len(self.nodes)):  # immutable values, their parts first (an explicit stack: no recursion)
            if self.out[i] is _UNSET:
                self.made(i)
        for kinds in (("o",), ("l", "q", "ba"), ("s", "d", "od", "dd", "C")):  # hashing last: instances complete
            for i, node in enumerate(self.nodes):
                if node[0] in kinds:
                    self.fill(self.out[i], node)
        return self.val(root)

    def made(self, first: int) -> None:
        """Build node ``first`` and the immutable nodes it needs, depth first (an explicit stack: no recursion)."""
        stack, open_ = [first], set()
        while stack:
            i = stack[-1]
            if self.out[i] is not _UNSET:
                stack.pop()
                continue
            node = self.nodes[i]
            waiting = {j for j in (self.index(v) for v in node[1:] if type(v) is msgspec.msgpack.Ext)
                       if self.out[j] is _UNSET}
            if i in open_ or not waiting:  # its parts were made (or it needs none): make it
                if waiting:
                    raise GraphError("a cycle of immutable values")
                self.out[i] = self.build(node)
                stack.pop()
                continue
            open_.add(i)
            if waiting & open_:
                raise GraphError("a cycle of immutable values")
            stack += sorted(waiting)

    def shell(self, node: list[Scalar]) -> Any:
        tag = node[0]
        if tag == "q":
            maxlen = node[1]
            if maxlen is not None and (type(maxlen) is not int or maxlen < 0):
                raise GraphError("a deque's maxlen is not a count")
            return collections.deque(maxlen=maxlen)
        return {"l": list, "s": set, "d": dict, "od": collections.OrderedDict, "C": collections.Counter,
                "ba": bytearray}[str(tag)]()

    def instance_shell(self, node: list[Scalar]) -> Any:
        c = self.cls(node[1])
        if not _buildable(c):
            raise GraphError(f"{c.__qualname__} is not a class a graph builds")
        return object.__new__(c)

    def build(self, node: list[Scalar]) -> Any:
        tag, args = node[0], [self.val(v) for v in node[1:]]
        try:
            if tag == "c":
                module, name = node[1], node[2]
                if type(module) is not str or type(name) is not str or len(node) != 3:
                    raise GraphError("a class node names no module and name")
                if module == "builtins" and name in BUILTIN_CLASSES:
                    return BUILTIN_CLASSES[name]
                return self.admit(module, name)
            if tag == "t":
                return tuple(args)
            if tag == "f":
                return frozenset(args)
            if tag == "e":
                c = self.cls(node[1])
                if not issubclass(c, enum.Enum) or type(args[1]) is not str:
                    raise GraphError(f"{c.__qualname__} is not an enum")
                return c[args[1]]
            if tag == "I":
                if len(_text(args[0])) > 400:
                    raise GraphError("an integer of over 400 digits")
                return int(args[0])
            if tag == "j":
                return complex(*_numbers(args, 2))
            if tag == "r":
                return range(*_ints(args, 3))
            if tag == "dt":
                *when, fold = _ints(args[:8], 8)
                return dt.datetime(*when, tzinfo=_tzinfo(args[8]), fold=fold)
            if tag == "da":
                return dt.date(*_ints(args, 3))
            if tag == "ti":
                *when, fold = _ints(args[:5], 5)
                return dt.time(*when, tzinfo=_tzinfo(args[5]), fold=fold)
            if tag == "td":
                return dt.timedelta(*_ints(args, 3))
            if tag == "tz":
                if type(args[0]) is not dt.timedelta or not (args[1] is None or type(args[1]) is str):
                    raise GraphError("a timezone node holds no offset")
                return dt.timezone(args[0]) if args[1] is None else dt.timezone(args[0], args[1])
            if tag == "zi":
                return ZoneInfo(_text(args[0]))
        except (TypeError, ValueError, OverflowError, KeyError, IndexError, ZoneInfoNotFoundError) as e:
            if isinstance(e, GraphError):
                raise
            raise GraphError(f"a {tag} node that does not make one ({type(e).__name__}: {e})") from None
        raise GraphError(f"a {tag} node where an immutable value was expected")

    def fill(self, obj: Any, node: list[Scalar]) -> None:
        tag, rest = node[0], node[1:]
        try:
            if tag == "o":
                self.attributes(obj, rest[1:])
            elif tag == "l":
                obj.extend(self.val(v) for v in rest)
            elif tag == "q":
                obj.extend(self.val(v) for v in rest[1:])
            elif tag == "ba":
                obj.extend(_bytes(rest))
            elif tag == "s":
                obj.update(self.val(v) for v in rest)
            else:
                pairs = rest[1:] if tag == "dd" else rest
                if len(pairs) % 2:
                    raise GraphError(f"a {tag} node with an odd count of keys and values")
                for k, v in zip(pairs[::2], pairs[1::2]):
                    obj[self.val(k)] = self.val(v)
        except TypeError as e:  # an unhashable key or member
            raise GraphError(f"a {tag} node that does not make one ({e})") from None

    def attributes(self, obj: Any, pairs: list[Scalar]) -> None:
        if len(pairs) % 2:
            raise GraphError("an instance node with an odd count of names and values")
        slots = set(_slots(type(obj)))
        attrs = getattr(obj, "__dict__", None)
        for k, v in zip(pairs[::2], pairs[1::2]):
            if type(k) is not str or not k.isidentifier():
                raise GraphError(f"an attribute named {k!r}")
            if k in slots:
                object.__setattr__(obj, k, self.val(v))
            elif attrs is not None:
                attrs[k] = self.val(v)
            else:
                raise GraphError(f"{type(obj).__qualname__} has no attribute {k}")


class _Unset:
    pass


_UNSET = _Unset()


def _text(v: Any) -> str:
    if type(v) is not str:
        raise GraphError("a text was expected")
    return v


def _ints(args: list[Any], n: int) -> list[int]:
    if len(args) != n or any(type(a) is not int for a in args):
        raise GraphError(f"{n} integers were expected")
    return args


def _numbers(args: list[Any], n: int) -> list[float]:
    if len(args) != n or any(type(a) not in (int, float) for a in args):
        raise GraphError(f"{n} numbers were expected")
    return args


def _bytes(rest: list[Any]) -> bytes:
    if len(rest) != 1 or type(rest[0]) is not bytes:
        raise GraphError("a bytearray node holds no bytes")
    return rest[0]


def _tzinfo(v: Any) -> dt.tzinfo | None:
    if v is not None and not isinstance(v, (dt.timezone, ZoneInfo)):
        raise GraphError("a tzinfo was expected")
    return v


def loads(data: bytes, admit: Callable[[str, str], type]) -> Any:
    """The graph :func:`dumps` wrote; ``admit(module, qualname)`` gives the class of an instance node or raises
    :class:`GraphError` (a class the reader does not build). Anything else wrong with ``data``: :class:`GraphError`."""
    try:
        root, nodes = _DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as e:
        raise GraphError(f"not a graph document ({e})") from None
    for part in (root, *(v for node in nodes for v in node)):
        if type(part) in (list, dict):
            raise GraphError("a node nested in a node")
    return _Reader(nodes, admit).run(root)


__all__ = ["REF", "GraphError", "dumps", "loads"]
