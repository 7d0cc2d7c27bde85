"""Adapters to outside frameworks: OpenSpiel (`spiel`) and PettingZoo (`pettingzoo`), each an optional extra."""
