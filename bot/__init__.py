"""The Discord adapter: commands, table views and storage (:mod:`bot.storage`)."""
