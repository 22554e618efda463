"""Text for players: colour markup (``markup.py``) and fitting text to a client's width (``format.py``)."""
