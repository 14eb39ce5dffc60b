"""Energy, cost and siting of a design, and two designs compared.

``energy``: a year's IT and facility energy per site, its cost, carbon and water.
``cost``: the bill of materials priced where a source prices it, the rest left unpriced.
``siting``: what moving a hall to another site does to cost, carbon and its jobs' DCI
latency. ``compare``: the headline figures of two designs and their differences.
The figures they use (prices, PUE by cooling) are in ``figures``.
"""
