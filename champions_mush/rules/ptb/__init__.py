"""rules/ptb"""
