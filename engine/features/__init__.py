"""The variant rules a :class:`~engine.rulesets.ruleset.Ruleset` switches on, one module each.

:mod:`engine.features.base` holds :class:`~engine.features.base.Feature`, the hooks
:class:`~engine.deal.Deal` calls at fixed points of the common game; every other module here is
one rule: its state in a deal, its moves and refusals, its payments and its part of the view.

=======================  ==================================================================
module                   rule
=======================  ==================================================================
``dora``                 dora: an indicator turned up on the dead wall (wikibooks §2.3.7)
``riichi``               riichi: declared before the draw, a stake, a frozen hand (§2.3.6)
``bouquets``             a bouquet of flowers or seasons is paid at once (rumisberg rule 7)
``fishing``              Fishing: a declared hand one tile short, paid too (rumisberg §2.4.7)
``pot``                  East's Pot: every other seat's balance (rumisberg rule 20)
``gulasch``              the Gulasch exchange after a drawn hand (rumisberg §2.4.6)
``late_claim``           a discard claimed after the next draw (rumisberg rule 3)
``gen_zhuang``           Gen zhuang: the dealer pays when all follow his first tile (jiangxi §2.5.4)
``pass_over``            a passed win bars winning on a discard (jiangxi §2.5.5)
``multiple_winners``     several winners on one discard, and the restricted rob (jiangxi)
``abortive_draws``       four winds, nine majors, three Mah-Jongg claims (wikibooks §2.3.10)
=======================  ==================================================================

This package imports no ruleset: the rulesets import it to list their rules.
"""
