"""El libro sin conexión e instalable: la lista del trabajador de servicio (``sin_conexion``) y
sus plantillas (``sin_conexion.js``, ``sin_conexion_baja.js``).
"""

from mkdocs_plugins.nucleo.sin_conexion import sin_conexion
from mkdocs_plugins.nucleo.sin_conexion.sin_conexion import Conocidas, conocida, huellas_de

__all__ = ["Conocidas", "conocida", "huellas_de", "sin_conexion"]
