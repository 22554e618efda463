"""The game model: characters, rooms, sessions and the subsystems of play. Uses the rules, never the network."""

from .accounts import Accounts
from .channels import Channels
from .config import GameConfig
from .objects import Character, Exit, Room
from .session import Session
from .world import Game

__all__ = ["Accounts", "Channels", "Character", "Exit", "Game", "GameConfig", "Room", "Session"]
