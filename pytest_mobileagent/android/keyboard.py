"""The keyboard every simulated phone has: Gboard (``com.google.android.inputmethod.latin``), the default input
method of Google's emulator images (``secure default_input_method``)."""

PACKAGE = "com.google.android.inputmethod.latin"
#: Gboard's input method id, as ``ime list -s`` and ``secure default_input_method`` give it.
LATIN_IME = f"{PACKAGE}/com.android.inputmethod.latin.LatinIME"
