import { chartsProperties } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { ChartDescribeResponse } from '../schemas/charts.ts';

export const chartsRoute: ProcessingRouteSpec = {
  url: '/v1/charts',
  operation: 'charts',
  summary: 'Charts, figures and diagrams as data',
  description: [
    "Every chart, diagram and figure of the document. Charts (`kind: chart`) come back as data: `series` of points in data units read from the axes' tick labels (linear or log), the title and axis labels, and a `summary` and `insights` computed from the values. Vector charts in PDFs are read from their paths and text; charts in images and scans from colour segmentation, axis detection and OCR of the labels (values printed on the chart win).",
    'Flowcharts and diagrams (`kind: flowchart`/`diagram`) come back as a mermaid `flowchart TD` with their nodes and labelled edges. With `billing_profile: engineering_drawing`, drawings report title-block fields, dimensions and callouts as `insights` (`kind: engineering_diagram`). Photos and other graphics (`kind: figure`) get a description from their caption and the text that refers to them.',
  ].join('\n\n'),
  properties: chartsProperties,
  response: { description: 'ChartDescribeResponse', ...ChartDescribeResponse },
};
