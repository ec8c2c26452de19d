"""Hardback for Discord: rules engine, words, computer players, images, storage and the bot."""
