"""The Fuzhou family: flowers and golds counted onto a base, doubled when self-drawn, and one special hand."""
