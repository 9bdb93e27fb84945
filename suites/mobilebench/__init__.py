"""Mobile-Bench's domains on the simulated phone: device control, clock and alarms, calls, notes, the recorder and
date and time questions, each asked in English and in Chinese (see README.md)."""
