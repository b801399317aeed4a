/**
 * Only the parts of Konva the editor draws with: the core and the shapes it uses register
 * themselves on import, leaving out Konva's filters and other shapes (half the library's size).
 */
import 'konva/lib/shapes/Arrow';
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Ellipse';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Label';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Text';

export {
  Arrow,
  Circle,
  Ellipse,
  Group,
  Image,
  Label,
  Layer,
  Line,
  Rect,
  Stage,
  Tag,
  Text,
} from 'react-konva/lib/ReactKonvaCore';
