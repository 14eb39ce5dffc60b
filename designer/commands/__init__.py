"""One module per headless command; ``designer.cli`` discovers them by name."""
