# Re-exports: `from mylib import EPS, Segment` reaches the definitions through this file.
from .constants import EPS
from .geometry import Segment, closest_point
