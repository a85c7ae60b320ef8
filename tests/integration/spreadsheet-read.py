"""
Reads CSV files the way LibreOffice Calc reads them, for tests/integration/csv-spreadsheet.test.ts.

Input (stdin, JSON): { "soffice": path, "profile": a fresh folder, "files": [{ "path": ..., "options": CSV filter options }] }.
Output (stdout, JSON): per file, every cell of its first sheet: row, col, the text shown, whether it is a
formula, and its content as entered. One soffice start reads every file (each with its own filter
options, which soffice's --infilter cannot do: it takes one for all files).
"""
import json
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException

job = json.load(sys.stdin)
pipe = 'cc_csv_%d' % time.time_ns()
office = subprocess.Popen(
    [job['soffice'], '--headless', '--invisible', '--nologo', '--norestore', '--nodefault', '--nolockcheck',
     '--accept=pipe,name=%s;urp;StarOffice.ComponentContext' % pipe,
     '-env:UserInstallation=' + uno.systemPathToFileUrl(job['profile'])],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


try:
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext('com.sun.star.bridge.UnoUrlResolver', local)
    context = None
    deadline = time.monotonic() + 240
    while context is None:
        try:
            context = resolver.resolve('uno:pipe,name=%s;urp;StarOffice.ComponentContext' % pipe)
        except NoConnectException:
            if office.poll() is not None:
                raise SystemExit('soffice stopped before it accepted a connection')
            if time.monotonic() > deadline:
                raise SystemExit('soffice did not accept a connection in 240 s')
            time.sleep(0.2)
    desktop = context.ServiceManager.createInstanceWithContext('com.sun.star.frame.Desktop', context)
    formula = uno.Enum('com.sun.star.table.CellContentType', 'FORMULA')
    read = []
    for entry in job['files']:
        doc = desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(entry['path']), '_blank', 0,
            (prop('FilterName', 'Text - txt - csv (StarCalc)'), prop('FilterOptions', entry['options']), prop('Hidden', True)))
        sheet = doc.Sheets.getByIndex(0)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        cells = []
        for row in range(end.EndRow + 1):
            for col in range(end.EndColumn + 1):
                cell = sheet.getCellByPosition(col, row)
                cells.append({'row': row, 'col': col, 'text': cell.getString(), 'formula': cell.getType() == formula, 'content': cell.getFormula()})
        read.append({'path': entry['path'], 'options': entry['options'], 'cells': cells})
        doc.close(True)
    try:
        desktop.terminate()
    except Exception:
        pass  # the connection ends as soffice quits
    office.wait(timeout=60)
    json.dump(read, sys.stdout)
finally:
    if office.poll() is None:
        office.kill()
