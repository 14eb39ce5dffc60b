"""The properties panel: the selection's fields, edited in place through the editor.

``panel.PropertiesPanel`` picks the form for what is selected; each kind of item has its
own module (``racks``, ``cooling_unit``, ``feed``, ``tray``, ``obstacle``, and ``hall`` with
its ``site`` when nothing is selected), built on ``form.Form``, whose fields take and check
what is typed (``fields``).
"""
