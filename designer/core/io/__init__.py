"""Project files: canonical JSON, atomic saves, migrations, clear messages, autosave."""
