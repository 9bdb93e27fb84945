"""What an edit field of a given input type lets through: Android's key listeners, which a TextView also applies
as an input filter to every edit (typed keys, an input method's committed text, ``setText``).

``TextView.setInputType`` picks the listener by class: ``TYPE_CLASS_PHONE`` -> ``DialerKeyListener``,
``TYPE_CLASS_NUMBER`` -> ``DigitsKeyListener`` (frameworks/base/core/java/android/widget/TextView.java), and
``TextView.setFilters(Editable, InputFilter[])`` appends the key listener to the editable's filters when it is an
``InputFilter``, as every ``NumberKeyListener`` is. ``NumberKeyListener.filter`` drops the characters outside
``getAcceptedChars()``.
"""

from __future__ import annotations

#: ``DialerKeyListener.CHARACTERS`` (frameworks/base/core/java/android/text/method/DialerKeyListener.java):
#: digits, ``# * + - ( ) , / N . ;`` and the space (``N`` is ``PhoneNumberUtils.WILD``).
DIALER = frozenset("0123456789#*+-(),/N. ;")
#: ``DigitsKeyListener`` unsigned, no decimal point (``TYPE_CLASS_NUMBER`` alone).
DIGITS = frozenset("0123456789")
#: ``DigitsKeyListener`` with a decimal point (``TYPE_NUMBER_FLAG_DECIMAL``), as Android's ASCII locales have it.
DECIMAL = DIGITS | {"."}

#: Accepted characters by the project's names for input types (an empty name: text, everything passes).
ACCEPTED: dict[str, frozenset[str]] = {"phone": DIALER, "number": DIGITS, "numberDecimal": DECIMAL}


def filtered(input_type: str, text: str) -> str:
    """``text`` as a field of ``input_type`` stores it: characters its key listener does not accept dropped."""
    accepted = ACCEPTED.get(input_type)
    if accepted is None:
        if input_type:
            raise ValueError(f"unknown input type {input_type!r} (known: {', '.join(sorted(ACCEPTED))})")
        return text
    return "".join(c for c in text if c in accepted)
