"""Pure rules engines: no I/O, no Twisted, no global random state.

``dice`` holds the injected :class:`~champions_mush.rules.dice.Roller` and dice amounts;
one subpackage per ruleset (``champions``, ``ptb``, ``animouch``) imports nothing else of ours.
"""
