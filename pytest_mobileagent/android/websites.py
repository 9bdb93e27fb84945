"""The simulated web: the few public sites AndroidArena's browser tasks visit, served as HTML by address.

There is no network on a simulated phone; a simulated browser asks :func:`fetch` for a page instead. Like
:mod:`.task_pages`, the pages are data the simulator serves and tasks name. The sites are small stand-ins written
for the simulator (their words are ours, not the sites'): Wikipedia's portal, articles and search; OpenAI's blog
with its search; Google's results pages; a few home pages; faculty profiles on Stanford Profiles (Fei-Fei Li's, the
one AndroidArena names, and invented colleagues': the contact details on them are made up). Each page is an
ordinary mobile page (``<meta name="viewport" content="width=device-width">``, as the real sites have) that the
browser shows as it shows any page (:mod:`mobileagent_sim.web`): its text, links and search forms. Unknown
addresses return None (the browser's "can't find the site" page).
"""

from __future__ import annotations

from html import escape
from typing import NamedTuple
from urllib.parse import parse_qs, quote, quote_plus, urlsplit


class Article(NamedTuple):
    """A page of the corpus the search pages look through."""

    title: str
    url: str
    summary: str


WIKI = "https://en.wikipedia.org/wiki/"
#: Wikipedia articles the simulated encyclopedia has.
ARTICLES = (
    Article("Large language model", WIKI + "Large_language_model",
            "A large language model is a neural network trained on very large amounts of text to predict and "
            "generate language."),
    Article("ChatGPT", WIKI + "ChatGPT",
            "ChatGPT is a chatbot built on large language models that answers questions and holds conversations; "
            "it was released to the public in November 2022."),
    Article("Artificial intelligence", WIKI + "Artificial_intelligence",
            "Artificial intelligence is the capability of computer systems to perform tasks associated with human "
            "intelligence, such as learning, reasoning and perception."),
    Article("Generative pre-trained transformer", WIKI + "Generative_pre-trained_transformer",
            "A generative pre-trained transformer (GPT) is a kind of large language model built on the "
            "transformer architecture."),
    Article("Machine learning", WIKI + "Machine_learning",
            "Machine learning is a field of study about algorithms that learn from data and generalise to unseen "
            "data."),
    Article("Firefox", WIKI + "Firefox", "Firefox is a free and open-source web browser developed by Mozilla."),
)
#: Posts of the simulated OpenAI blog, newest first.
BLOG = (
    Article("Introducing GPT-4o", "https://openai.com/index/hello-gpt-4o/",
            "Our newest flagship model reasons across audio, vision and text in real time."),
    Article("Sora: first impressions", "https://openai.com/index/sora-first-impressions/",
            "Artists and filmmakers share what they made with our video generation model."),
    Article("GPT-4 research", "https://openai.com/index/gpt-4-research/",
            "A large multimodal model that shows human-level performance on many professional benchmarks."),
    Article("DALL-E 3 is now available", "https://openai.com/index/dall-e-3/",
            "Our image model now understands much more nuance and detail."),
    Article("Introducing ChatGPT", "https://openai.com/index/chatgpt/",
            "We trained a model which interacts in a conversational way."),
)
OTHER = (
    Article("ChatGPT | OpenAI", "https://openai.com/chatgpt/",
            "ChatGPT by OpenAI: get answers, find inspiration and be more productive."),
    Article("Welcome to Python.org", "https://www.python.org/",
            "The official home of the Python programming language."),
    Article("Mozilla - Internet for people, not profit", "https://www.mozilla.org/",
            "Mozilla is the not-for-profit behind the Firefox browser."),
    Article("GitHub: Let's build from here", "https://github.com/",
            "GitHub is where over 100 million developers shape the future of software."),
)
#: Home pages a task may send the browser to: address -> title (all served by :func:`fetch`).
HOME_PAGES = {
    "https://www.wikipedia.org/": "Wikipedia",
    "https://openai.com/blog": "OpenAI Blog",
    "https://www.python.org/": "Welcome to Python.org",
    "https://www.mozilla.org/": "Mozilla - Internet for people, not profit",
    "https://github.com/": "GitHub: Let's build from here",
}


class Profile(NamedTuple):
    """A faculty member's page on Stanford Profiles: who they are and how to reach them."""

    name: str
    role: str
    email: str
    phone: str
    focus: str

    @property
    def url(self) -> str:
        return f"https://profiles.stanford.edu/{self.name.lower().replace(' ', '-')}"


#: Faculty profiles (the first is the page AndroidArena's instruction names; the others are invented people).
PROFILES = (
    Profile("Fei-Fei Li", "Professor of Computer Science", "feifeili@example.edu", "(650) 555-0134",
            "computer vision, visual recognition and AI that serves people"),
    Profile("Ada Moreno", "Associate Professor of Bioengineering", "ada.moreno@example.edu", "(650) 555-0172",
            "tissue engineering and the mechanics of cells"),
    Profile("Kwame Osei", "Assistant Professor of Economics", "kosei@example.edu", "(650) 555-0118",
            "labour markets and the economics of education"),
    Profile("Lena Park", "Professor of Earth System Science", "lena.park@example.edu", "(650) 555-0193",
            "ocean carbon cycles and coastal ecosystems"),
)


def _page(title: str, *parts: str) -> bytes:
    body = "\n".join(parts)
    return (f'<html><head><meta name="viewport" content="width=device-width"><title>{escape(title)}</title>'
            f"</head><body>\n{body}\n</body></html>").encode()


def _link(article: Article) -> str:
    return f'<p><a href="{escape(article.url)}">{escape(article.title)}</a> {escape(article.summary)}</p>'


def _form(action: str, name: str, placeholder: str, button: str = "Search", value: str = "", id: str = "") -> str:
    return (f'<form action="{escape(action)}"><input id="{id or name}" name="{name}" '
            f'placeholder="{escape(placeholder)}" '
            f'value="{escape(value)}"><button>{escape(button)}</button></form>')


def _words(text: str) -> set[str]:
    return {w for w in text.lower().replace("-", " ").split() if len(w) > 2}


def _matches(query: str, corpus: tuple[Article, ...]) -> list[Article]:
    words = _words(query)
    return [a for a in corpus if words and words <= _words(f"{a.title} {a.summary}")] or \
        [a for a in corpus if words & _words(a.title)]


def _article(article: Article) -> bytes:
    return _page(f"{article.title} - Wikipedia", "<p>Wikipedia, the free encyclopedia</p>",
                 _form("https://en.wikipedia.org/w/index.php", "search", "Search Wikipedia", id="searchInput"),
                 f"<h1>{escape(article.title)}</h1>", f"<p>{escape(article.summary)}</p>")


def _wikipedia(path: str, query: dict[str, list[str]]) -> tuple[str, bytes] | None:
    if path.startswith("/wiki/"):
        title = path[len("/wiki/"):].replace("_", " ").lower()
        found = next((a for a in ARTICLES if a.title.lower() == title), None)
        return (found.url, _article(found)) if found else None
    if path == "/w/index.php":
        text = query.get("search", [""])[0]
        exact = next((a for a in ARTICLES if a.title.lower() == text.strip().lower()), None)
        if exact:  # Wikipedia's search goes straight to the article of that title
            return exact.url, _article(exact)
        url = f"https://en.wikipedia.org/w/index.php?search={quote_plus(text)}"
        hits = _matches(text, ARTICLES)
        return url, _page(f"Search results for {text} - Wikipedia",
                          _form("https://en.wikipedia.org/w/index.php", "search", "Search Wikipedia", value=text,
                                id="searchInput"),
                          f"<h1>Search results</h1><p>Results for {escape(text)}</p>",
                          *(map(_link, hits) if hits else ["<p>There were no results matching the query.</p>"]))
    return None


def _portal() -> bytes:
    return _page("Wikipedia", "<h1>Wikipedia</h1><p>The Free Encyclopedia</p>",
                 _form("https://en.wikipedia.org/w/index.php", "search", "Search Wikipedia", id="searchInput"),
                 f'<p><a href="{WIKI}Main_Page">English</a> 6,800,000+ articles</p>')


def _blog(query: str) -> tuple[str, bytes]:
    if not query:
        return "https://openai.com/blog", _page("OpenAI Blog", "<h1>Blog</h1>",
                                                _form("https://openai.com/blog", "query", "Search the blog"),
                                                *map(_link, BLOG))
    hits = _matches(query, BLOG)
    return (f"https://openai.com/blog?query={quote(query)}",
            _page(f"Search: {query} - OpenAI", "<h1>Blog</h1>",
                  _form("https://openai.com/blog", "query", "Search the blog", value=query),
                  f"<p>{len(hits)} results for {escape(query)}</p>", *map(_link, hits)))


def _google(query: str) -> tuple[str, bytes]:
    if not query:
        return "https://www.google.com/", _page("Google", "<h1>Google</h1>",
                                                _form("https://www.google.com/search", "q", "Search"))
    hits = _matches(query, ARTICLES + OTHER + BLOG)
    return f"https://www.google.com/search?q={quote_plus(query)}", _page(
        f"{query} - Google Search", _form("https://www.google.com/search", "q", "Search", value=query),
        *(map(_link, hits) if hits else [f"<p>Your search - {escape(query)} - did not match any documents.</p>"]))


def _profile(profile: Profile) -> bytes:
    return _page(f"{profile.name} | Stanford Profiles", "<p>Stanford Profiles</p>", f"<h1>{escape(profile.name)}</h1>",
                 f"<p>{escape(profile.role)}</p>", f"<p>Research: {escape(profile.focus)}.</p>", "<p>Contact</p>",
                 f"<p>Email: {escape(profile.email)}</p>", f"<p>Phone: {escape(profile.phone)}</p>")


def fetch(url: str) -> tuple[str, bytes] | None:
    """The page at ``url`` as ``(final address, HTML)`` (after the site's own redirect), or None if there is none."""
    parts = urlsplit(url if "://" in url else f"https://{url}")
    host, path = (parts.hostname or "").lower(), parts.path or "/"
    query = parse_qs(parts.query)
    if host in ("wikipedia.org", "www.wikipedia.org") and path == "/":
        return "https://www.wikipedia.org/", _portal()
    if host in ("en.wikipedia.org", "en.m.wikipedia.org"):
        return _wikipedia(path, query)
    if host in ("openai.com", "www.openai.com") and path.rstrip("/") == "/blog":
        return _blog(query.get("query", [""])[0])
    if host in ("google.com", "www.google.com") and path in ("/", "/search"):
        return _google(query.get("q", [""])[0])
    if host == "profiles.stanford.edu":
        found = next((p for p in PROFILES if path.rstrip("/") == urlsplit(p.url).path), None)
        return (found.url, _profile(found)) if found else None
    for page in OTHER + BLOG:
        if url.rstrip("/") == page.url.rstrip("/"):
            return page.url, _page(page.title, f"<h1>{escape(page.title)}</h1>", f"<p>{escape(page.summary)}</p>")
    return None


__all__ = ["ARTICLES", "BLOG", "HOME_PAGES", "OTHER", "PROFILES", "Article", "Profile", "fetch"]
