"""The web portal: the game's pages (characters and their HERO sheets, scenes, who is on, the
rules and help, boards), rendered on the server by a process of its own (docs/architecture.md,
"The portal"). It sits beside ``net/``: it reads the database read-only and asks the game,
over the loopback channel in :mod:`champions_mush.net.portal`, for anything that changes it.
"""
