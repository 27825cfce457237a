"""Game engines: rules, state, bots and analysis. Pure Python; never imports Jupyter."""
