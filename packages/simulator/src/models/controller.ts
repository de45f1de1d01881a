import { AcModel } from './ac-model';

/** M4000, SM3, C3IP: stand-alone IP outlet controllers with a plain meter. */
export class ControllerModel extends AcModel {}
