"""The battlefield in a fight, with fixed dice through +use and +attack (RULES BATTLEFIELD, SIZE,
DEFENSES OF THE GENRE; HERO 5E revised): Darkness and Invisibility in the OCV and DCV of an
attack, Desolidification, Missile Deflection, a Force Wall, Shrinking, Knockback Resistance,
Clinging, Change Environment, Life Support, Hardened and Impenetrable."""

from .test_attack_levels import _said, slayer  # noqa: F401 - Slayer (Find Weakness) against Viper
from .test_combat import _ids


def _to_vipers_phase(g, s, p):
    g.do("+combat/next")
    s.do("+combat/pass")
    p.do("+combat/pass")


def test_darkness_halves_the_ocv_of_one_who_cannot_see_in_and_the_dcv_of_one_inside(fight):
    """HERO 5E revised: no sight sees into Darkness; Psiana (OCV 6) cannot see Viper inside it: 1/2
    OCV, 3; Viper cannot see her: 1/2 DCV, 5 -> 3 (.5 in his favour); 11 + 3 - 3 = 11 or less."""
    world, g, s, p = fight
    s.do("+power Shadows=darkness 2")
    g.do("+combat/next")
    assert s.do("+use shadows=Viper") == [
        ("[Combat] Starfire makes Darkness #1 (Shadows); inside: Viper. No sight sees into, out of or through it: "
        "an attacker who cannot see his target is at 1/2 OCV hand-to-hand and 0 at range, one who cannot see his "
        "attacker at 1/2 DCV. +area 1=<names> changes who is inside."),
        "[Combat] Starfire spends 2 END (2 for Shadows): END 38.",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    world.set_dice(3, 3, 3, 1, 1, 1, 1)
    assert _ids(p.do("+attack Viper=strike"))[0] == (
        "[Combat] Psiana Strikes Viper (Strike): OCV 6 -3 (1/2: Viper is in Darkness) = 3 vs DCV 5 (1/2: Viper is in "
        "Darkness) = 3: 11 or less, rolls 9 (3 3 3): hits; hits DCV 5 or less.")
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  10/10  20/20  5    in Starfire's Darkness #1"
    assert g.do("+combat/status Viper")[2] == (
        "  Conditions: in Starfire's Darkness #1: until Starfire stops it, leaves the fight or it ends.")
    assert g.do("+area") == ["[Combat] Areas in fight #1:", "  #1 Starfire's Darkness (Shadows): inside: Viper."]
    p.gmcp.clear()
    assert g.do("+area 1=Psiana")[0] == "[Combat] Gina: Starfire's Darkness #1 now has Psiana inside."
    assert [b["effects"] for k, b in p.gmcp if k == "Char.Status"][-1] == [
        {"what": "in Starfire's Darkness #1", "ends": "until Starfire stops it, leaves the fight or it ends"}]
    assert p.do("+area/end 1") == ["Area #1 is Starfire's: only its maker or staff change it."]
    world.set_dice(3, 3, 3, 1, 1, 1, 1)
    assert _ids(g.do("+attack Psiana=strike by Viper"))[0] == (
        "[Combat] Viper Strikes Psiana (Strike): OCV 5 -2 (1/2: Psiana is in Darkness) = 3 vs DCV 6 (1/2: Psiana is "
        "in Darkness) = 3: 11 or less, rolls 9 (3 3 3): hits; hits DCV 5 or less.")


def test_invisibility_costs_ocv_beyond_its_fringe_and_no_fringe_even_hand_to_hand(fight):
    """HERO 5E revised: an Invisible target is seen within 1" (its fringe); Psiana's Bolt from 4"
    is at 0 OCV (at range, as a Flashed attacker), Starfire's Strike hand-to-hand at his whole OCV 8; with No Fringe 1/2."""
    world, g, s, p = fight
    p.do("+power Bolt=eb 6d6")
    g.do("+power Viper/Fade=invisibility 20")
    g.do("+power Viper/Fade No Fringe=invisibility 30")
    _to_vipers_phase(g, s, p)
    assert g.do("+use fade by Viper") == ["[Combat] Viper is Invisible (Fade) until stopped (+use/stop).",
                                          "[Combat] Viper spends 2 END (2 for Fade): END 18."]
    g.do("+combat/next")  # Post-Segment 12; Turn 2, Segment 3: Starfire's Phase
    world.set_dice(3, 3, 3, 1, 1, 1, 1, 1, 1)
    assert _ids(s.do("+attack Viper=strike"))[0] == (
        "[Combat] Starfire Strikes Viper (Strike): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV 10 or "
        "less.")
    world.set_dice(2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1)
    assert _ids(p.do("+attack Viper=bolt range 4"))[0] == (
        "[Combat] Psiana attacks Viper (Bolt): OCV 6 -6 (0 at range: Viper is Invisible) = 0 vs DCV 5: 6 or less, "
        "rolls 6 (2 2 2): hits; hits DCV 5 or less.")
    assert g.do("+combat/status Viper")[2] == (
        "  Conditions: Invisible (Fade): until he stops it (+use/stop) or the fight ends.")

    assert g.do("+use/stop fade by Viper") == ["[Combat] Viper is no longer Invisible (Fade)."]
    assert g.do("+use fade no fringe by Viper")[0] == (
        "[Combat] Viper is Invisible (Fade No Fringe) until stopped (+use/stop).")  # Viper's Phase, Segment 4
    g.do("+combat/next")  # Starfire's, Segment 5
    world.set_dice(3, 3, 3, 1, 1, 1, 1, 1, 1)
    assert _ids(s.do("+attack Viper=strike"))[0] == (
        "[Combat] Starfire Strikes Viper (Strike): OCV 8 -4 (1/2: Viper is Invisible) = 4 vs DCV 5: 10 or less, "
        "rolls 9 (3 3 3): hits; hits DCV 6 or less.")


def test_a_desolidified_character_is_passed_through_unless_the_attack_affects_desolidified(fight):
    world, g, s, p = fight
    s.do("+power Ghostbolt=eb 2d6 +affectsdesolid")
    g.do("+power Viper/Ghost=desolidification 1")
    _to_vipers_phase(g, s, p)
    g.do("+use ghost by Viper")
    g.do("+combat/next")  # Turn 2, Segment 3: Starfire's Phase
    world.set_dice(3, 3, 3)
    assert _ids(s.do("+attack Viper=strike"))[:2] == [
        ("[Combat] Starfire Strikes Viper (Strike): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV 10 or "
        "less."),
        "  Viper is Desolidified: the attack passes through (it does not Affect Desolidified).",
    ]
    assert world.roller.remaining == 0
    print(g.do("+combat/next"))
    g.do("+combat/next")  # Starfire's, Segment 5
    world.set_dice(3, 3, 3, 1, 1, 1, 1)
    assert _ids(s.do("+attack Viper=ghostbolt"))[1] == (
        "  2d6 normal: 2 STUN, 0 BODY (1 1). Viper takes 0 STUN and 0 BODY (2 STUN - 2 ED, 0 BODY - 2 ED). Now STUN 20, "
        "BODY 10.")


def test_missile_deflection_rolls_the_deflectors_ocv_against_the_attackers(fight):
    """HERO 5E revised: Missile Deflection (20 points: any ranged attack) 11 + Viper's OCV 5 -
    Psiana's OCV 6 = 10 or less: 9 deflects; 11 does not and the Bolt lands."""
    world, g, s, p = fight
    p.do("+power Bolt=eb 2d6")
    g.do("+power Viper/Parry=missile deflection 0")
    g.do("+combat/next")
    s.do("+combat/pass")
    world.set_dice(3, 3, 3, 3, 3, 3)
    assert _ids(p.do("+attack Viper=bolt"))[:3] == [
        "[Combat] Psiana attacks Viper (Bolt): OCV 6 vs DCV 5: 12 or less, rolls 9 (3 3 3): hits; hits DCV 8 or less.",
        "  Viper tries to deflect it (Parry): OCV 5 vs OCV 6: 10 or less, rolls 9 (3 3 3): deflected; it misses.",
        "  Psiana spends 1 END (1 for Bolt): END 29. [id]",
    ]
    g.do("+combat/next")
    g.do("+combat/next")
    s.do("+combat/pass")
    world.set_dice(3, 3, 3, 5, 3, 3, 1, 1, 6, 6)
    said = _ids(p.do("+attack Viper=bolt"))
    assert said[1:3] == [
        "  Viper tries to deflect it (Parry): OCV 5 vs OCV 6: 10 or less, rolls 11 (5 3 3): fails.",
        ("  2d6 normal: 2 STUN, 0 BODY (1 1). Viper takes 0 STUN and 0 BODY (2 STUN - 2 ED, 0 BODY - 2 ED). Now STUN "
        "20, BODY 10."),
    ]


def test_a_force_wall_takes_the_attack_and_comes_down_to_more_body_than_its_def(fight):
    """HERO 5E revised: Starfire's Force Wall 3 (3 PD/3 ED) with Psiana behind it; Viper's Strike
    (STR 10, 2d6) of 2 BODY hits the Wall and it holds; 4 BODY is more than 3 PD: it comes down,
    the attack stops there."""
    world, g, s, p = fight
    s.do("+power Wall=force wall 3")
    g.do("+combat/next")
    assert s.do("+use wall=Psiana")[0] == (
        "[Combat] Starfire makes Force Wall #1 (Wall, 3 PD/3 ED); behind it: Psiana. An attack between one "
        "behind it and one not hits the Wall; BODY more than its DEF brings it down. +area 1=<names> changes "
        "who is behind it.")
    p.do("+combat/pass")
    world.set_dice(3, 3, 3, 2, 3)
    assert _ids(g.do("+attack Psiana=strike by Viper"))[:2] == [
        ("[Combat] Viper Strikes Psiana (Strike): OCV 5 vs DCV 6: 10 or less, rolls 9 (3 3 3): hits; hits DCV 7 or "
        "less."),
        "  It hits Starfire's Force Wall (Wall, 3 PD) in the way: 2 BODY (2 3) against 3 PD: the Wall holds.",
    ]
    assert g.do("+area")[1] == "  #1 Starfire's Force Wall (Wall) (3 PD/3 ED): behind it: Psiana."
    _to_vipers_phase(g, s, p)
    world.set_dice(3, 3, 3, 6, 6)
    assert _ids(g.do("+attack Psiana=strike by Viper"))[1] == (
        "  It hits Starfire's Force Wall (Wall, 3 PD) in the way: 4 BODY (6 6) is more than 3 PD: the Wall comes "
        "down; the attack stops there.")
    assert g.do("+area") == ["[Combat] No areas in fight #1."]


def test_shrinking_adds_2_dcv_and_3_inches_of_knockback_a_level(fight):
    """HERO 5E revised: Shrinking 1: DCV 5 + 2 = 7; Knockback 6 BODY - 9 on 2d6 is -3 (none), +3":
    0, knocked down."""
    world, g, s, p = fight
    g.do("+power Viper/Tiny=shrinking 1")
    _to_vipers_phase(g, s, p)
    g.do("+use tiny by Viper")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 6, 3, 3, 5, 4)
    said = _ids(s.do("+attack Viper=strike"))
    assert said[0] == ("[Combat] Starfire Strikes Viper (Strike): OCV 8 vs DCV 5 (Tiny +2) = 7: 12 or less, rolls 9 "
                       "(3 3 3): hits; hits DCV 10 or less.")
    assert said[2] == ('  KB 6 BODY - 9 (5 4) + 3" (Tiny): knocked down. Viper is knocked down. Lying on the '
                       'ground: 1/2 DCV; standing up takes a 1/2 Phase.')


def test_knockback_resistance_comes_off_the_knockback_and_clinging_adds_a_die(fight):
    """HERO 5E revised: Knockback Resistance 2": 8 BODY - 2d6 (2 2) = 4, less 2: 2"; RULES KNOCKBACK
    3: a target with Clinging rolls +1D6: 8 - (1 1 1) = 5, less 2: 3"."""
    world, g, s, _p = fight
    g.do("+power Viper/Anchor=knockback resistance 2")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 6, 6, 6, 2, 2, 1)
    assert _ids(s.do("+attack Viper=strike"))[2] == (
        '  KB 8 BODY - 4 (2 2) - 2" (Anchor) = 2" knockback. Viper flies back 2" and lands. Lying on the ground: 1/2 '
        'DCV; standing up takes a 1/2 Phase. Landing: 1d6 normal, 1 STUN, 0 BODY (1). Viper takes 0 STUN and 0 BODY '
        '(1 STUN - 8 PD, 0 BODY - 8 PD). Now STUN 4, BODY 10.')
    g.do("+power Viper/Sticky=clinging 1")
    g.do("+combat/next")  # Viper, Stunned, spends his Phase: Turn 2, Segment 3, Starfire's
    world.set_dice(3, 3, 3, 6, 6, 6, 6, 1, 1, 1, 1, 1)
    assert _ids(s.do("+attack Viper=strike"))[2] == (
        "  KB 8 BODY - 3 (1 1 1) - 2\" (Anchor) = 3\" knockback. Viper flies back 3\" and lands. "
        "Landing: 1½d6 normal, 2 STUN, 0 BODY (1 ½:1). Viper "
        "takes 0 STUN and 0 BODY (2 STUN - 8 PD, 0 BODY - 8 PD): Knocked Out. Now STUN -8, BODY 10.")


def _with_nnd_named(world, who, power, words):
    """The NND modifier of ``who``'s ``power`` naming its defense in its words, as Hero Designer writes it."""
    import attrs

    from champions_mush.game.hero import get_hero, save_hero

    char = world.game.find_character(who)
    hero = get_hero(world.game, char)
    item = next(i for i in hero.items if i.name == power)
    mods = tuple(attrs.evolve(m, text=words) if m.xmlid == "NND" else m for m in item.modifiers)
    save_hero(world.game, hero.with_item(attrs.evolve(item, modifiers=mods)))


def test_life_support_stops_a_no_normal_defense_attack_that_names_it_and_a_held_breath(fight):
    """HERO 5E revised: an NND whose defense is Life Support (Self-Contained Breathing) does nothing
    to one who has it; Starfire, without it, takes its STUN; one who breathes holds no breath."""
    world, g, s, p = fight
    g.do("+power Viper/Gas=eb 4d6 +nnd")
    _with_nnd_named(world, "Viper", "Gas", "defense is Life Support (Self-Contained Breathing)")
    p.do("+power Rebreather=life support 10")
    _to_vipers_phase(g, s, p)
    world.set_dice(3, 3, 3)
    assert _ids(g.do("+attack Psiana=gas by Viper"))[1] == (
        "  Psiana has Rebreather, the defense the No Normal Defense attack names: it does nothing.")
    assert g.do("+stat/set Psiana/breath=yes") == ["Psiana has Rebreather, Life Support: no breath to hold."]
    assert g.do("+stat/set Starfire/breath=yes") == ["Starfire: Holding breath: yes."]


def test_hardened_defenses_are_not_halved_by_armor_piercing_and_impenetrable_stop_penetrating(fight):
    """HERO 5E revised: Viper's ED 2 and Armor 6 rED Hardened against an Armor Piercing Energy Blast:
    the 2 halves to 1, the 6 stays: 7 ED; 6d6 of 3s, 18 STUN, 11 STUN through. Impenetrable
    Armor stops Penetrating: 3 BODY rolled would be 3 STUN at least; none gets through."""
    world, g, s, _p = fight
    s.do("+power Pierce=eb 6d6 +armorpiercing")
    s.do("+power Sting=eb 3d6 +penetrating")
    g.do("+power Viper/Plate=armor 6/6 +hardened +impenetrable")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 3, 3, 3, 3, 3, 3, 6, 6)
    assert _ids(s.do("+attack Viper=pierce"))[1] == (
        "  6d6 normal: 18 STUN, 6 BODY (3 3 3 3 3 3). Viper takes 11 STUN and 0 BODY (18 STUN - 7 ED, 6 BODY - 7 ED, "
        "defenses halved by Armor Piercing, 6 of it Hardened, not halved): Stunned. Now STUN 9, BODY 10.")
    g.do("+combat/next")  # Viper, Stunned, spends his Phase: Turn 2, Segment 3, Starfire's
    world.set_dice(3, 3, 3, 2, 2, 2, 6, 6)
    assert _ids(s.do("+attack Viper=sting"))[1] == (
        "  3d6 normal: 6 STUN, 3 BODY (2 2 2). Viper takes 0 STUN and 0 BODY (6 STUN - 8 ED, 3 BODY - 8 ED, "
        "Impenetrable (Plate): not Penetrating). Now STUN 13, BODY 10.")


def test_change_environment_takes_its_ocv_from_those_inside_and_growth_its_dcv(fight):
    """HERO 5E revised: Psiana inside a Change Environment of -2 OCV: OCV 6 - 2 = 4; Viper grown 3
    levels: DCV 5 - 2 = 3."""
    world, g, s, p = fight
    s.do("+power Murk -2 OCV=change environment 10")
    g.do("+power Viper/Big=growth 3")
    g.do("+combat/next")
    assert s.do("+use murk=Psiana")[0] == (
        "[Combat] Starfire makes Change Environment #1 (Murk -2 OCV, -2 OCV); inside: Psiana. Those inside "
        "are at its -OCV (and -PER). +area 1=<names> changes who is inside.")
    p.do("+combat/pass")
    g.do("+use big by Viper")
    g.do("+combat/next")  # Turn 2, Segment 3: Starfire's
    s.do("+combat/pass")
    world.set_dice(3, 3, 3, 1, 1, 1, 1)
    assert _ids(p.do("+attack Viper=strike"))[0] == (
        "[Combat] Psiana Strikes Viper (Strike): OCV 6 -2 (in Murk -2 OCV) = 4 vs DCV 5 (Big -2) = 3: 12 or less, "
        "rolls 9 (3 3 3): hits; hits DCV 6 or less.")


def test_an_area_goes_with_combat_undo_and_with_its_maker_leaving(fight):
    _world, g, s, _p = fight
    s.do("+power Shadows=darkness 2")
    g.do("+combat/next")
    s.do("+use shadows=Viper")
    assert g.do("+combat/undo")[0] == (
        "[Combat] Gina undoes #12 (Starfire: +use shadows=Viper); everything it changed is as it was.")
    assert g.do("+area") == ["[Combat] No areas in fight #1."]
    s.do("+use shadows=Viper")
    assert g.do("+combat/leave Starfire") == ["[Combat] Starfire leaves the fight."]
    assert g.do("+area") == ["[Combat] No areas in fight #1."]


def test_the_defenses_of_the_genre_are_shown_with_the_defenses(fight):
    """HERO 5E revised: Mental Defense is the points bought + EGO / 5 (10 + 2)."""
    _world, g, _s, p = fight
    for line in ("+power Ward=power defense 5", "+power Shield=mental defense 10", "+power Shades=flash defense 4",
                 "+power Anchor=knockback resistance 2", "+power Sure=lack of weakness 3",
                 "+power Rebreather=life support 10"):
        p.do(line)
    against = ("Against powers: Power Defense 5, Mental Defense 12, Flash Defense 4, Knockback Resistance 2\", "
               "Lack Of Weakness 3, Life Support (Rebreather).")
    assert g.do("+combat/status Psiana")[3] == f"  {against}"
    assert against in " ".join(p.do("+sheet"))


def test_powers_kept_up_cost_their_end_at_the_start_of_each_phase(fight):
    """HERO 5E revised: a Constant power costs END every Phase it is kept up: Starfire's Darkness
    (2 END) made in Segment 12 (END 40 -> 38), back to 40 by his Recovery in Post-Segment 12, costs
    2 again as his Phase of Segment 3 begins: 38."""
    _world, g, s, p = fight
    s.do("+power Shadows=darkness 2")
    g.do("+combat/next")
    s.do("+use shadows=Viper")
    p.do("+combat/pass")
    said = g.do("+combat/next")
    assert said[-1] == "[Combat] Starfire's Phase (DEX 23): keeps up Shadows: spends 2 END: END 38; acts."


def test_a_ranged_attack_with_no_range_said_is_beyond_an_invisible_targets_fringe(fight):
    world, g, s, p = fight
    p.do("+power Bolt=eb 6d6")
    g.do("+power Viper/Fade=invisibility 20")
    _to_vipers_phase(g, s, p)
    g.do("+use fade by Viper")
    g.do("+combat/next")  # Turn 2, Segment 3: Starfire's
    s.do("+combat/pass")
    world.set_dice(2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1)
    assert _ids(p.do("+attack Viper=bolt"))[0] == (
        "[Combat] Psiana attacks Viper (Bolt): OCV 6 -6 (0 at range: Viper is Invisible) = 0 vs DCV 5: 6 or less, "
        "rolls 6 (2 2 2): hits; hits DCV 5 or less.")


def test_missile_reflection_sends_a_deflected_attack_back_with_the_deflectors_ocv(fight):
    """HERO 5E revised: Viper deflects Psiana's Bolt (9 on 10 or less) and, with Reflection, rolls
    his OCV 5 against her DCV 6: 10 or less, 8 hits; the Bolt's 2d6 (6 6: 12 STUN, 4 BODY) against
    her ED 3: 9 STUN, 1 BODY."""
    world, g, s, p = fight
    p.do("+power Bolt=eb 2d6")
    g.do("+power Viper/Reflect=missile deflection 0")
    g.do("+combat/next")
    s.do("+combat/pass")
    world.set_dice(3, 3, 3, 3, 3, 3, 2, 3, 3, 6, 6)
    assert _ids(p.do("+attack Viper=bolt"))[1] == (
        "  Viper tries to deflect it (Reflect): OCV 5 vs OCV 6: 10 or less, rolls 9 (3 3 3): deflected; it misses. "
        "Viper reflects it back at Psiana: OCV 5 vs DCV 6: 10 or less, rolls 8 (2 3 3): hits: 12 STUN, 4 BODY; "
        "Psiana takes 9 STUN and 1 BODY. Now STUN 14, BODY 9.")


def test_lack_of_weakness_takes_its_points_from_a_find_weakness_roll(slayer):  # noqa: F811
    """HERO 5E revised: Lack Of Weakness 3 against Find Weakness 11-: 8 or less; 9 misses and Viper's
    whole PD 16 (6 resistant) stands: 21 - 16 = 5 STUN, 7 - 6 = 1 BODY."""
    world, g, s = slayer
    g.do("+power Viper/Sure=lack of weakness 3")
    out = _said(world, s, "+attack Viper=knife weakness", 3, 3, 3, 4, 6, 4, 3, 3, 3, 6, 6, 6)
    assert out[1] == (
        "  1½d6 killing: 7 BODY, x3, 21 STUN (4 ½:3; multiplier die 4). Viper takes 5 STUN and 1 BODY (21 STUN - 16 PD, "
        "7 BODY - 6 rPD, Find Weakness 11- - 3 Lack Of Weakness: 9 (3 3 3), missed). Now STUN 15, BODY 9.")
