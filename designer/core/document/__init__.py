"""The editable document: change sets, transactions, undo history and domain operations.

Every edit, from the GUI, the CLI or a test, is a domain verb in ``operations`` that opens
a ``Transaction``; the transaction checks references, applies one ``ChangeSet`` to the
immutable ``Project``, records it in the ``History`` and tells listeners which ids changed.
"""
