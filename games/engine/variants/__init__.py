"""One package per variant: calc.py (hand calculator), scoring, and play.py (RULES, the play hooks)."""
