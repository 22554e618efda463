"""rules/animouch"""
