"""Taking damage: RULES TAKING DAMAGE and its continuation (headed ``& damage`` in the file).

* Normal damage: PD (physical) or ED (energy), resistant included, comes off STUN and BODY
  (Megatron and Psiana).
* Killing damage: only resistant defense against BODY; all defense against STUN, but only if
  some resistant defense applies; never less than 1 STUN per BODY through (Assaulter and Claww).
* Damage Reduction (HERO 5E revised, Damage Reduction): 25, 50 or 75 % of the STUN and BODY
  that got through the defenses is removed; Normal Damage Reduction works against Normal
  Damage only, Resistant against Normal and Killing Damage; bought apart for physical and
  energy. What is left rounds .5 down (in the defender's favour, HERO 5E rounding).
* RULES DAMAGE EFFECTS: Stunned when one attack's STUN through > CON; Knocked Out at STUN 0 or
  below; attacks against a Knocked Out character do 2x STUN.
"""

from __future__ import annotations

import enum

import attrs

from ...values import frozen
from ..errors import RulesError
from .damage import KillingDamage, NormalDamage
from .rounding import Half, hero_divide, hero_round

__all__ = ["Against", "DamageTaken", "Defenses", "Delivery", "Health", "REDUCTIONS", "apply_damage", "pierced", "reduced", "through_body"]

#: The percentages Damage Reduction is bought at (HERO 5E revised).
REDUCTIONS = (25, 50, 75)


def _reduction(instance: object, attribute: attrs.Attribute, value: int) -> None:
    if value not in (0, *REDUCTIONS):
        raise RulesError(f"Damage Reduction is 25, 50 or 75 %, not {value}.")


def _not_negative(instance: object, attribute: attrs.Attribute, value: int) -> None:
    if value < 0:
        raise RulesError(f"{attribute.name.upper()} cannot be negative.")


@frozen
class Defenses:
    """A target's defenses. ``pd``/``ed`` are the ordinary (non-resistant) defenses;
    ``rpd``/``red`` the resistant ones (Armor, Force Field) on top of them.

    Assaulter's "10 PD and +6 PD Armor" is ``Defenses(pd=10, rpd=6)``: 16 PD in all, 6 resistant.
    """

    pd: int = attrs.field(default=0, validator=_not_negative)
    ed: int = attrs.field(default=0, validator=_not_negative)
    rpd: int = attrs.field(default=0, validator=_not_negative)
    red: int = attrs.field(default=0, validator=_not_negative)
    #: Damage Reduction in %: against physical and energy damage, Normal (``pd_dr``, ``ed_dr``)
    #: and Resistant (``rpd_dr``, ``red_dr``)
    pd_dr: int = attrs.field(default=0, validator=_reduction)
    ed_dr: int = attrs.field(default=0, validator=_reduction)
    rpd_dr: int = attrs.field(default=0, validator=_reduction)
    red_dr: int = attrs.field(default=0, validator=_reduction)

    def reduction(self, against: Against, killing: bool) -> int:
        """The Damage Reduction in % against one attack: Resistant always, Normal only against
        Normal Damage (HERO 5E revised); the larger applies."""
        normal, resistant = (self.pd_dr, self.rpd_dr) if against is Against.PD else (self.ed_dr, self.red_dr)
        return resistant if killing else max(normal, resistant)

    def total(self, against: Against) -> int:
        """All defense against ``against`` (ordinary + resistant)."""
        return self.pd + self.rpd if against is Against.PD else self.ed + self.red

    def resistant(self, against: Against) -> int:
        """The resistant part of the defense against ``against``."""
        return self.rpd if against is Against.PD else self.red


@frozen
class Delivery:
    """How one attack meets the target's defenses (:func:`~.defenses.apply_damage`).

    ``limited``: only that much (normal) defense applies: 0 for a No Normal Defense attack, the
    target's named defense for an Attack Versus Limited Defense; ``armor_piercing`` halves
    each defense per level; ``penetrating``: at least the BODY rolled in STUN; ``body`` False:
    STUN only."""

    limited: int | None = None
    armor_piercing: int = 0
    penetrating: int = 0
    body: bool = True
    #: Reduced Penetration: the BODY in two halves, each against the defense (HERO 5E revised)
    halves: bool = False
    #: the target's Hardened defenses, which Armor Piercing does not halve (HERO 5E revised)
    hardened: Defenses = Defenses()

    def defenses(self, defenses: Defenses) -> Defenses:
        """The defenses that apply: the limited one alone, or each halved by Armor Piercing."""
        if self.limited is not None:
            return Defenses(pd=self.limited, ed=self.limited)
        if not self.armor_piercing:
            return defenses
        hard = self.hardened

        def cut(value: int, kept: int) -> int:
            kept = min(kept, value)
            return pierced(value - kept, self.armor_piercing) + kept

        return attrs.evolve(defenses, pd=cut(defenses.pd, hard.pd), ed=cut(defenses.ed, hard.ed),
                            rpd=cut(defenses.rpd, hard.rpd), red=cut(defenses.red, hard.red))


def pierced(defense: int, levels: int) -> int:
    """A defense against Armor Piercing: halved per level, .5 in the defender's favour (HERO
    5E revised): 15 PD -> 8, then 4."""
    for _ in range(levels):
        defense = hero_divide(defense, 2, Half.UP)
    return defense


class Against(enum.Enum):
    """Which defense an attack works against (RULES TAKING DAMAGE)."""

    #: Physical attacks (punches, bullets) work against PD.
    PD = "PD"
    #: Energy attacks (electricity, lasers) work against ED.
    ED = "ED"


@frozen
class Health:
    """A character's current STUN and BODY."""

    stun: int
    body: int


@frozen
class DamageTaken:
    """What one attack did to a target after defenses.

    ``stunned`` is None when no CON was given; ``knocked_out``/``dying``/``after`` are None
    when no current :class:`Health` was given.
    """

    stun: int  #: STUN through defenses
    body: int  #: BODY through defenses (after a hit location's BODYx)
    stun_done: int  #: STUN of the attack before defenses (doubled against the Knocked Out)
    body_done: int  #: BODY of the attack before defenses
    stun_defense: int  #: defense applied to STUN
    body_defense: int  #: defense applied to BODY
    reduction: int = 0  #: Damage Reduction applied, in %
    penetrated: bool = False  #: Penetrating raised the STUN taken to the BODY rolled
    stunned: bool | None = None
    knocked_out: bool | None = None
    dying: bool | None = None
    after: Health | None = None


def apply_damage(
    damage: NormalDamage | KillingDamage,
    defenses: Defenses = Defenses(),
    *,
    against: Against = Against.PD,
    con: int | None = None,
    current: Health | None = None,
    target_knocked_out: bool = False,
    delivery: Delivery = Delivery(),
) -> DamageTaken:
    """Apply rolled damage to a target's defenses (RULES TAKING DAMAGE, DAMAGE EFFECTS).

    Args:
        damage: from ``roll_normal`` / ``roll_killing``.
        defenses: the target's :class:`Defenses`.
        against: PD for physical attacks, ED for energy.
        con: the target's CON, to tell whether it is Stunned (STUN through > CON).
        current: the target's STUN and BODY now, to give ``after``, Knocked Out (STUN <= 0)
            and dying (BODY <= 0).
        target_knocked_out: RULES DAMAGE EFFECTS 2: attacks against a Knocked Out character
            do 2x STUN (doubled here before defenses, as the attack's STUN; the rules file
            does not say which).
        delivery: how the attack's Advantages meet the defenses (:class:`Delivery`: No Normal
            Defense, Attack Versus Limited Defense, Armor Piercing, Penetrating).

    Examples: Psiana (12 PD) takes 32 STUN 9 BODY normal as 20 STUN, 0 BODY; Assaulter
    (10 PD + 6 rPD) takes Claww's 12 BODY 36 STUN killing as 6 BODY, 20 STUN; with 50 %
    Resistant Damage Reduction as 3 BODY, 10 STUN.
    """
    stun_done = damage.stun * (2 if target_knocked_out else 1)
    defenses = delivery.defenses(defenses)
    total = defenses.total(against)
    if isinstance(damage, KillingDamage):
        resistant = defenses.resistant(against)
        body_defense = resistant
        stun_defense = total if resistant > 0 else 0
    else:
        body_defense = stun_defense = total
    body = through_body(damage.body, body_defense, delivery.halves)
    stun = max(stun_done - stun_defense, 0)
    if isinstance(damage, KillingDamage):
        stun = max(stun, body)  # at least 1 STUN per BODY through
    if damage.location is not None:
        body = hero_round(body * damage.location.body_x)
    reduction = defenses.reduction(against, isinstance(damage, KillingDamage))
    stun, body = reduced(stun, reduction), reduced(body if delivery.body else 0, reduction)
    penetrated = bool(delivery.penetrating) and stun < damage.body
    if penetrated:
        stun = damage.body  # Penetrating: at least the BODY rolled, in STUN (HERO 5E revised)
    stunned = None if con is None else stun > con
    after = knocked_out = dying = None
    if current is not None:
        after = Health(stun=current.stun - stun, body=current.body - body)
        knocked_out = after.stun <= 0
        dying = after.body <= 0
    return DamageTaken(
        stun=stun,
        body=body,
        stun_done=stun_done,
        body_done=damage.body,
        stun_defense=stun_defense,
        body_defense=body_defense,
        reduction=reduction,
        penetrated=penetrated,
        stunned=stunned,
        knocked_out=knocked_out,
        dying=dying,
        after=after,
    )


def through_body(body: int, defense: int, halves: bool = False) -> int:
    """BODY through a defense; with Reduced Penetration each half of it (the larger first) meets
    the whole defense (HERO 5E revised): 11 BODY against 4 is 7, in halves 6 - 4 + 5 - 4 = 3."""
    if not halves:
        return max(body - defense, 0)
    return max(body - body // 2 - defense, 0) + max(body // 2 - defense, 0)


def reduced(amount: int, reduction: int) -> int:
    """What is left of ``amount`` through ``reduction`` % Damage Reduction (HERO 5E revised),
    .5 in the defender's favour: 13 STUN through 50 % is 6, through 75 % is 3."""
    return hero_divide(amount * (100 - reduction), 100, Half.DOWN)
