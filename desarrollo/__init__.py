"""Herramientas de desarrollo que no van en el paquete: generar ``contrato.js``
(``python -m desarrollo.contrato``) y medir lo que pesa una página publicada (``peso``).
"""
