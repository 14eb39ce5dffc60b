"""Placing catalog items on a hall's floor: where they go, why they may not, what they are called.

The GUI's palette drop and place tool use it, and so can the CLI or a script: nothing here
knows a screen exists.
"""
