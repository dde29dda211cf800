"""Los Lienzos: un libro que cambia nombres, tablas y reglas del SRD sin tocar el motor.

``lienzo`` lee y comprueba su ``lienzo.yml`` (con ``incluir``, ``nombres``, ``tablas``,
``reglas_de_datos`` y ``declaradas``); el Python de un Lienzo se ejecuta aparte
(``aislado``, en un proceso ``trabajador`` o bifurcado, ``bifurcado``), encerrado
(``encierro``) y con sus tramas de salida (``tramas``). Sin importaciones aquí: el proceso
trabajador importa solo lo suyo.
"""
