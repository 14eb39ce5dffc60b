"""The PDF writer of the drawing set: a painter for the drawing code, the file, the fonts."""
