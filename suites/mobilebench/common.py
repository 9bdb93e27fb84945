"""What every Mobile-Bench task of this suite shares: the two languages of its query, and its published wording.

A task's ``template`` is its English query and ``template_zh`` its Chinese one; the ``lang`` parameter picks
one. Chinese words a query needs for a parameter (``on`` -> 打开) come from :data:`ZH`. Where Mobile-Bench's
SAST file has the same request, its wording is ``template_zh`` for the parameters of the published row, which
is the task's published instance 0 (``lang="zh"``).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.tasks.base import Task

LANGS = ("zh", "en")
#: Chinese for the parameter values a query says (the English query says them as they are).
ZH = {"on": "打开", "off": "关闭"}


def lang() -> st.SearchStrategy[str]:
    return st.sampled_from(LANGS)


class MobileBenchTask(Task):
    """A task in Mobile-Bench's style: the query in ``lang``, a CheckPoint beside the state check."""

    __abstract__ = True
    suite = "mobilebench"
    #: The query in Chinese (a format string over the same parameters as ``template``, words through :data:`ZH`).
    template_zh = ""

    @property
    def goal(self) -> str:
        if self.params.get("lang") != "zh":
            return super().goal
        return self.template_zh.format(**{k: ZH.get(v, v) if isinstance(v, str) else v
                                          for k, v in self.params.items()})


def with_lang(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """``fields`` and a drawn ``lang``."""
    return st.fixed_dictionaries({"lang": lang(), **fields})


__all__ = ["LANGS", "ZH", "MobileBenchTask", "lang", "with_lang"]
