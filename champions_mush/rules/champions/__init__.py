"""rules/champions"""
