"""Parameter strategies for people: names and North American phone numbers, as AndroidWorld draws them.

Names come from AndroidWorld's ``user_data_generation`` lists; numbers are written the ways people type them.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

#: A sample of AndroidWorld's ``COMMON_GIVEN_NAMES`` and ``_COMMON_FAMILY_NAMES``.
GIVEN_NAMES = ("Adam", "Alice", "Amelia", "Amina", "Ana", "Carlos", "Charlotte", "Daniel", "Elias", "Emma", "Fatima",
               "Gabriel", "George", "Hana", "Hugo", "Isabella", "Ivan", "Juan", "Laura", "Leo", "Liam", "Lucas",
               "Maria", "Mateo", "Maya", "Noah", "Nora", "Oliver", "Omar", "Sara", "Sofia", "Theo", "Victoria")
FAMILY_NAMES = ("Ahmed", "Ali", "Alves", "Chen", "Fernandez", "Ferreira", "Garcia", "Gonzalez", "Hernandez",
                "Ibrahim", "Li", "Liu", "Lopez", "Martin", "Mohamed", "Muller", "Pereira", "Wang", "Zhang",
                "da Silva", "dos Santos")


@st.composite
def nanp_digits(draw: Any) -> str:
    """Ten digits of a plausible North American number (area code and exchange do not start with 0 or 1)."""
    area = draw(st.integers(201, 989))
    exchange = draw(st.integers(200, 999))
    line = draw(st.integers(0, 9999))
    return f"{area}{exchange}{line:04d}"


def formatted(d: str, style: int) -> str:
    """The ways people write a number into a phone."""
    return (f"({d[:3]}) {d[3:6]}-{d[6:]}", f"+1 {d[:3]}-{d[3:6]}-{d[6:]}", f"{d[:3]}-{d[3:6]}-{d[6:]}", d)[style % 4]


@st.composite
def other_contacts(draw: Any, min_size: int = 2, max_size: int = 5) -> list[dict[str, str]]:
    """Contacts already on the phone (first, last, phone), with distinct names."""
    names = draw(st.lists(st.tuples(st.sampled_from(GIVEN_NAMES), st.sampled_from(FAMILY_NAMES)),
                          min_size=min_size, max_size=max_size, unique=True))
    numbers = draw(st.lists(nanp_digits(), min_size=len(names), max_size=len(names), unique=True))
    styles = draw(st.lists(st.integers(0, 3), min_size=len(names), max_size=len(names)))
    return [{"first": f, "last": last, "phone": formatted(n, s)}
            for (f, last), n, s in zip(names, numbers, styles)]


__all__ = ["FAMILY_NAMES", "GIVEN_NAMES", "formatted", "nanp_digits", "other_contacts"]
